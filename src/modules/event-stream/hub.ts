import type { Database } from '../../db/client.js';
import { listenPostgres, type Unlisten } from '../../db/listen.js';
import type { EventType } from '../../events/catalogue.js';
import { LIVE_CHANNEL, type LiveNotice } from '../../events/live/notify.js';
import { iso } from '../../http/schemas.js';
import { type CallRow, findCall, listTurnsBetween, type TurnRow } from '../calls/calls.repo.js';
import { toCall } from '../calls/calls.schemas.js';
import { findEvent } from '../event-log/event-log.repo.js';

export const LIVE_ONLY_TYPES = ['call.started', 'call.turn'] as const;
export type LiveType = EventType | (typeof LIVE_ONLY_TYPES)[number];

/** One message of the stream: the webhook envelope shape, for live-only types too. */
export interface LiveMessage {
  id: string;
  type: LiveType;
  created_at: string;
  workspace_id: string;
  data: Record<string, unknown>;
}

export interface Subscriber {
  workspaceId: string;
  deliver(message: LiveMessage): void;
  /** Messages may have been missed: the client should read its state again. */
  resync(): void;
  /** Access changed in the workspace: check the credential again (and end the stream if it is gone). */
  recheck(): Promise<void>;
}

export interface LiveHub {
  subscribe(subscriber: Subscriber): Promise<() => void>;
  /** Subscribers of this process now. */
  size(): number;
  close(): Promise<void>;
}

/** Reads the records a notice names; nothing when they are gone (a workspace deleted meanwhile). */
async function loadMessages(
  db: Database,
  notice: Exclude<LiveNotice, { t: 'access' }>,
): Promise<LiveMessage[]> {
  const ws = notice.w;
  if (notice.t === 'event') {
    const row = await findEvent(db, ws, notice.id);
    return (row ? [row] : []).map((r) => ({
      id: r.id,
      type: r.type,
      created_at: iso(r.created_at),
      workspace_id: ws,
      data: r.data,
    }));
  }
  if (notice.t === 'call.started') {
    const row = await findCall(db, ws, notice.id);
    return row ? [startedMessage(row)] : [];
  }
  const turns = await listTurnsBetween(db, ws, notice.id, notice.from, notice.to);
  return turns.map((t) => turnMessage(ws, notice.id, t));
}

/** call.started: the call as it is now; its id names the call, so a repeat is recognisable. */
export function startedMessage(row: CallRow): LiveMessage {
  const call = toCall(row);
  return {
    id: `${row.id}.started`,
    type: 'call.started',
    created_at: call.started_at,
    workspace_id: row.workspace_id,
    data: call,
  };
}

/** call.turn: one transcript line; its id is the call's and the line's number, so a repeat is recognisable. */
export function turnMessage(workspaceId: string, callId: string, t: TurnRow): LiveMessage {
  return {
    id: `${callId}.${t.seq}`,
    type: 'call.turn',
    created_at: iso(t.at),
    workspace_id: workspaceId,
    data: { call_id: callId, seq: t.seq, speaker: t.speaker, text: t.text, at: iso(t.at) },
  };
}

function parseNotice(payload: string): LiveNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveNotice>;
    return typeof value.w === 'string' && typeof value.id === 'string' ? (value as LiveNotice) : null;
  } catch {
    return null;
  }
}

export interface HubLog {
  warn(obj: object, message: string): void;
}

/**
 * One LISTEN per process, opened for the first subscriber and shared by all: a notice is read
 * once and fanned out to the subscribers of its workspace. Notices are handled one at a time, so
 * messages keep the order of the commits that raised them.
 */
export function createLiveHub(db: Database, databaseUrl: string | undefined, log: HubLog): LiveHub {
  const subscribers = new Set<Subscriber>();
  let unlisten: Promise<Unlisten> | null = null;
  let queue: Promise<void> = Promise.resolve();

  const handle = async (payload: string) => {
    const notice = parseNotice(payload);
    if (notice === null) return;
    const audience = [...subscribers].filter((s) => s.workspaceId === notice.w);
    if (audience.length === 0) return;
    // Awaited before the next notice, so nothing committed after a revocation reaches its stream.
    if (notice.t === 'access') {
      await Promise.all(audience.map((s) => s.recheck()));
      return;
    }
    const messages = await loadMessages(db, notice);
    for (const message of messages) for (const s of audience) s.deliver(message);
  };

  const message = (payload: string) => {
    queue = queue.then(() =>
      handle(payload).catch((error: unknown) => {
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'live notice not read');
      }),
    );
  };
  // PostgreSQL: a connection of its own, which reconnects and then asks streams to resync. The
  // embedded database is one process and tells it at commit; nothing can be missed there.
  const listen = async (): Promise<Unlisten> => {
    if (databaseUrl) {
      return listenPostgres(databaseUrl, LIVE_CHANNEL, {
        message,
        gap: () => {
          for (const s of subscribers) s.resync();
        },
      });
    }
    if (!db.listen) throw new Error('this database cannot LISTEN');
    await db.listen(LIVE_CHANNEL, message);
    return async () => {};
  };

  return {
    async subscribe(subscriber) {
      if (unlisten === null) {
        const started = listen();
        unlisten = started;
        // A database that could not be listened on is tried again by the next subscriber.
        started.catch(() => {
          if (unlisten === started) unlisten = null;
        });
      }
      await unlisten;
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    size: () => subscribers.size,
    async close() {
      subscribers.clear();
      const stop = unlisten;
      unlisten = null;
      if (stop) await (await stop)();
    },
  };
}
