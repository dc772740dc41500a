import type { Call, LiveEvent, Opportunity, TranscriptTurn } from '@callagent/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { api } from './api';

export interface LiveCall {
  call: Call;
  turns: TranscriptTurn[];
}

export interface LiveState {
  /** Calls in progress seen since the page opened, by id. */
  calls: Map<string, LiveCall>;
  /** Hot opportunities that arrived since the page opened, newest first (for the toast). */
  hot: Opportunity[];
  connected: boolean;
}

const LiveContext = createContext<LiveState>({ calls: new Map(), hot: [], connected: false });

/** Which cached lists an event makes stale. */
const STALE: Record<string, string[]> = {
  'call.started': ['calls'],
  'call.completed': ['calls', 'call'],
  'call.transferred': ['calls', 'call'],
  'call.updated': ['calls', 'call'],
  'opportunity.created': ['opportunities', 'opportunity', 'today'],
  'opportunity.updated': ['opportunities', 'opportunity', 'today'],
  'lead.created': ['leads', 'today'],
  'lead.updated': ['leads', 'lead'],
  'booking.created': ['bookings', 'today'],
  'agent.published': ['agent'],
};

function apply(state: LiveState, event: LiveEvent): LiveState {
  const calls = new Map(state.calls);
  if (event.type === 'call.started') calls.set(event.data.id, { call: event.data, turns: [] });
  else if (event.type === 'call.turn') {
    const live = calls.get(event.data.call_id);
    if (live && !live.turns.some((t) => t.at === event.data.at && t.text === event.data.text)) {
      const { speaker, text, at } = event.data;
      calls.set(event.data.call_id, { ...live, turns: [...live.turns, { speaker, text, at }] });
    }
  } else if (event.type === 'call.completed' || event.type === 'call.transferred') {
    const live = calls.get(event.data.id);
    if (live) calls.set(event.data.id, { ...live, call: event.data });
  }
  const hot =
    event.type === 'opportunity.created' && event.data.outcome === 'hot'
      ? [event.data, ...state.hot]
      : state.hot;
  return { ...state, calls, hot };
}

/**
 * One event stream per tab (GET /api/v1/events/stream through the SDK): live calls grow line by
 * line, and every other event marks the lists it touches stale so they re-read. It reconnects
 * with a growing pause, and re-reads everything after a reconnect or a resync.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const queries = useQueryClient();
  const [state, setState] = useState<LiveState>({ calls: new Map(), hot: [], connected: false });

  useEffect(() => {
    let stopped = false;
    let pause = 1000;
    let current: ReturnType<typeof api.events.stream> | null = null;
    const run = async () => {
      while (!stopped) {
        current = api.events.stream();
        try {
          const ready = current.ready.then(() => {
            pause = 1000;
            setState((s) => ({ ...s, connected: true }));
            void queries.invalidateQueries();
          });
          for await (const event of current) {
            if (event.type === 'resync') void queries.invalidateQueries();
            setState((s) => apply(s, event));
            for (const key of STALE[event.type] ?? []) void queries.invalidateQueries({ queryKey: [key] });
          }
          await ready.catch(() => {});
        } catch {
          // Signed out, or the service went away: wait and try again.
        }
        setState((s) => ({ ...s, connected: false }));
        if (stopped) return;
        await new Promise((r) => setTimeout(r, pause));
        pause = Math.min(pause * 2, 30_000);
      }
    };
    void run();
    return () => {
      stopped = true;
      current?.close();
    };
  }, [queries]);

  return <LiveContext.Provider value={state}>{children}</LiveContext.Provider>;
}

export function useLive(): LiveState {
  return useContext(LiveContext);
}
