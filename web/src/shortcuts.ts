import { useEffect } from 'react';
import { useLocation } from 'wouter';

const GO: Record<string, string> = { c: '/calls', o: '/opportunities', l: '/leads', t: '/', k: '/calendar' };

function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/**
 * Ctrl-K (Cmd-K) opens the finder; `/` focuses the page's search; `g` then c, o, l, k or t goes
 * to calls, opportunities, leads, calendar, today.
 */
export function useShortcuts(openFinder: () => void): void {
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
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, openFinder]);
}
