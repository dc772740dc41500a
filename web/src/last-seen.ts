import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from './session';

/**
 * When the signed-in user last looked at the calls list, per workspace: the start time of the
 * newest call the list showed them (the service's clock, so a wrong clock in the browser cannot
 * hide a call). Kept in localStorage because it must outlive the session, and it is no secret:
 * a timestamp, never a token.
 */
const CHANGED = 'callagent:calls-seen';

const keyOf = (workspaceId: string, userId: string) => `callagent:calls-seen:${workspaceId}:${userId}`;

function read(key: string): string | null {
  try {
    const value = localStorage.getItem(key);
    return value !== null && !Number.isNaN(Date.parse(value)) ? value : null;
  } catch {
    return null; // storage refused (a private window's policy): nothing is marked new
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange); // another tab looked
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The last-seen mark (ISO time, or null before the first look) and a way to move it forward. */
export function useCallsSeen(): [string | null, (newest: string) => void] {
  const { ping } = useSession();
  const key = keyOf(ping.workspace.id, ping.user.id);
  const seen = useSyncExternalStore(subscribe, () => read(key));
  const markSeen = useCallback(
    (newest: string) => {
      const now = read(key);
      if (now !== null && Date.parse(now) >= Date.parse(newest)) return;
      try {
        localStorage.setItem(key, newest);
      } catch {
        return;
      }
      window.dispatchEvent(new Event(CHANGED));
    },
    [key],
  );
  return [seen, markSeen];
}
