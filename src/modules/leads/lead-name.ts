/** The name a lead gets from a call that never heard one. */
export const UNKNOWN_CALLER = 'Unknown caller';

const words = (name: string): string[] => name.toLowerCase().trim().split(/\s+/);

function startsWith(longer: readonly string[], shorter: readonly string[]): boolean {
  return shorter.length <= longer.length && shorter.every((word, i) => word === longer[i]);
}

/**
 * A lead's name after a call that heard `said`, when the call did not make the lead (docs/desk-
 * api.md, "Leads"). Caller ID is easily faked, so a call only adds to a name: it names a lead that
 * had none, or continues the name it has ("Jo" then "Jo Smith"); the same name, or its start
 * ("Sarah" for Sarah Jones), leaves it as it is. Any other name leaves it as it is too, and
 * `note` says what the caller gave, for the call's paragraph of the lead's note.
 */
export function addCallName(current: string, said: string): { name: string; note: string | null } {
  if (current.trim() === '' || current === UNKNOWN_CALLER) return { name: said, note: null };
  const known = words(current);
  const heard = words(said);
  if (startsWith(known, heard)) return { name: current, note: null };
  if (startsWith(heard, known)) return { name: said, note: null };
  return { name: current, note: `Gave the name ${said}.` };
}
