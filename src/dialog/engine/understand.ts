/**
 * Reads one utterance with every slot's reader (src/dialog/slots). What is taken depends on what
 * the agent just asked: a bare "four" is a bedroom count only after "how many bedrooms?", and
 * doubtful readings (a loose name, a low-confidence postcode or price) count only when they
 * answer the question.
 */
import {
  extractMoneyNotes,
  extractRefusal,
  hasPhoneDigits,
  readYesNo,
  withoutPhoneDigits,
} from '../extractors/index.js';
import {
  type AnswerKey,
  type Heard,
  type Listening,
  SLOTS,
  type SlotName,
  slotOfAnswer,
} from '../slots/index.js';

export type { Heard, Listening };

export function understand(text: string, listening: Listening): Heard {
  const expects = (slot: SlotName): boolean => listening.expects.has(slot);
  const yesNo = readYesNo(text);
  // "no mortgage, we own it outright" is not a "no" to the question, unless the question was about that.
  const offTopic = yesNo.about !== null && !(yesNo.slot !== null && expects(yesNo.slot as SlotName));
  const heard: Heard = {
    values: {},
    readBack: [],
    yesNo: offTopic ? null : yesNo.answer,
    yesNoAbout: yesNo.about,
    notes: [],
  };
  // A price said while the number is asked for is taken; digits that make a number are not.
  const givingNumber = (): boolean =>
    expects('phone') && (heard.values.phone !== undefined || hasPhoneDigits(text));
  for (const slot of SLOTS) {
    if (slot.aboutProperty && !listening.facts) continue;
    if ('notFromPhoneDigits' in slot && slot.notFromPhoneDigits && givingNumber()) {
      // The words beside the number still count ("no rush, best number is 07700 900456"); a
      // number said in words cannot be told from them, so then the slot waits for another turn.
      const rest = withoutPhoneDigits(text);
      if (rest !== null) slot.read(rest, { listening, heard, expecting: expects(slot.name) });
      continue;
    }
    slot.read(text, { listening, heard, expecting: expects(slot.name) });
  }
  if (!listening.facts) return heard;
  heard.notes = extractMoneyNotes(text);
  // A fact said in passing ("we just want it gone" to "why are you selling?") does not stop the
  // answer to the question asked from being read; an answer to it does.
  const answered = (Object.keys(heard.values) as AnswerKey[]).some((key) => expects(slotOfAnswer(key)));
  if (givingNumber() || answered || extractRefusal(text) !== null) return heard;
  // Short answers ("nobody", "just me") count only when they are all the caller said.
  for (const slot of SLOTS) {
    if (!('readAlone' in slot) || slot.name !== listening.asked) continue;
    const value = slot.readAlone(text, { listening, heard, expecting: true });
    // Each slot's readAlone returns a value of that slot's own type.
    if (value !== null) (heard.values as Record<SlotName, unknown>)[slot.name] = value;
  }
  return heard;
}
