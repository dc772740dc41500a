import { useEffect } from 'react';
import { useLocation } from 'wouter';

const GO: Record<string, string> = { c: '/calls', o: '/opportunities', l: '/leads', t: '/', k: '/calendar' };

/** Every shortcut, for the `?` dialog and docs/console.md. */
export const SHORTCUTS: { keys: string; does: string }[] = [
  { keys: 'Ctrl K', does: 'Find a lead, call or opportunity' },
  { keys: '/', does: 'Search this page' },
  { keys: 'j / k', does: 'Next / previous record in a list' },
  { keys: 'Enter', does: 'Open the selected record' },
  { keys: 'g c', does: 'Go to calls' },
  { keys: 'g o', does: 'Go to opportunities' },
  { keys: 'g l', does: 'Go to leads' },
  { keys: 'g k', does: 'Go to the calendar' },
  { keys: 'g t', does: 'Go to today' },
  { keys: '?', does: 'Show these shortcuts' },
];

function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/**
 * Moves the selection in the page's list: the records' main links (marked `data-row-link`), so
 * the selection is the keyboard focus, with its focus ring, and Enter opens it as a click would.
 * Not while a dialog is open: its focus stays inside it.
 */
function moveInList(step: 1 | -1): boolean {
  if (document.querySelector('[role="dialog"]')) return false;
  const items = [...document.querySelectorAll<HTMLElement>('[data-row-link]')];
  if (items.length === 0) return false;
  const at = document.activeElement instanceof HTMLElement ? items.indexOf(document.activeElement) : -1;
  const next =
    at === -1 ? (step === 1 ? 0 : items.length - 1) : Math.min(Math.max(at + step, 0), items.length - 1);
  items[next]?.focus();
  items[next]?.scrollIntoView({ block: 'nearest' });
  return true;
}

/**
 * Ctrl-K (Cmd-K) opens the finder; `/` focuses the page's search; `j`/`k` move in lists; `?`
 * lists the shortcuts; `g` then c, o, l, k or t goes to calls, opportunities, leads, calendar,
 * today. None of them act while typing in a field.
 */
export function useShortcuts(openFinder: () => void, openHelp: () => void): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    let pendingG = false;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openFinder();
        return;
      }
      if (typing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[data-search]');
        if (search) {
          event.preventDefault();
          search.focus();
        }
        return;
      }
      if (pendingG) {
        pendingG = false;
        const to = GO[event.key];
        if (to) navigate(to);
        return;
      }
      if (event.key === 'g') pendingG = true;
      else if (event.key === '?') openHelp();
      else if ((event.key === 'j' || event.key === 'k') && moveInList(event.key === 'j' ? 1 : -1)) {
        event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, openFinder, openHelp]);
}
