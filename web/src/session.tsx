import type { Ping, Role } from '@callagent/sdk';
import { createContext, type ReactNode, useContext } from 'react';

export interface Session {
  ping: Ping;
  /** Re-reads the session (after a switch of workspace or a role change). */
  refresh(): Promise<void>;
  /** Signed out (by the button, or because the API answered 401). */
  signedOut(): void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ value, children }: { value: Session; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession outside a signed-in page');
  return session;
}

const RANK: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** What the signed-in role may do: the console offers only these (docs/api.md, scopes and roles). */
export function useCan() {
  const { ping } = useSession();
  const at = (min: Role) => RANK[ping.user.role] >= RANK[min];
  return {
    workDesk: at('member'),
    readAgent: at('member'),
    editAgent: at('admin'),
    manage: at('admin'),
    own: at('owner'),
  };
}

/** The workspace's time zone, which every date and time on screen is read in. */
export function useTimeZone(): string {
  return useSession().ping.workspace.time_zone;
}
