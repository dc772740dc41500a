import type { Call, LiveEvent, Opportunity, TranscriptTurn } from '@callagent/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { api } from './api';

/** A transcript line with its number in the call (1, 2, 3...). */
export type LiveTurn = TranscriptTurn & { seq: number };

export interface LiveCall {
  call: Call;
  /** By seq, each once. */
  turns: LiveTurn[];
}

export interface LiveState {
  /** Calls in progress when the stream connected or started since, by id. */
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
  'lead.erased': ['leads', 'lead', 'calls', 'call', 'opportunities', 'opportunity', 'bookings'],
  'booking.created': ['bookings', 'today'],
  'agent.published': ['agent'],
};

function apply(state: LiveState, event: LiveEvent): LiveState {
  const calls = new Map(state.calls);
  if (event.type === 'call.started') {
    // A call already in progress comes again on every (re)connection: keep the lines it has.
    const known = calls.get(event.data.id);
    calls.set(event.data.id, { call: event.data, turns: known?.turns ?? [] });
  } else if (event.type === 'call.turn') {
    const live = calls.get(event.data.call_id);
    if (live && !live.turns.some((t) => t.seq === event.data.seq)) {
      const { speaker, text, at, seq } = event.data;
      const turns = [...live.turns, { speaker, text, at, seq }].sort((a, b) => a.seq - b.seq);
      calls.set(event.data.call_id, { ...live, turns });
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

/** Drops the calls thought in progress that the stream did not name since it (re)started. */
function withoutUnnamed(state: LiveState, named: ReadonlySet<string>): LiveState {
  const calls = new Map(
    [...state.calls].filter(([id, live]) => live.call.status !== 'in_progress' || named.has(id)),
  );
  return { ...state, calls };
}

/**
 * One event stream per tab (GET /api/v1/events/stream through the SDK): live calls grow line by
 * line (the stream starts with those already in progress, every line so far, so a page opened
 * mid-call follows it too), and every other event marks the lists it touches stale so they re-read. It reconnects
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
        // The stream starts with every call in progress; one it does not name ended meanwhile.
        const named = new Set<string>();
        try {
          const ready = current.ready.then(() => {
            pause = 1000;
            setState((s) => ({ ...withoutUnnamed(s, named), connected: true }));
            void queries.invalidateQueries();
          });
          for await (const event of current) {
            if (event.type === 'resync') {
              named.clear();
              void queries.invalidateQueries();
              // The calls in progress follow the resync again.
              setState((s) => withoutUnnamed(s, named));
            }
            if (event.type === 'call.started') named.add(event.data.id);
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
