import { CallagentError } from './errors.js';
import {
  credentialHeaders,
  errorFromAnswer,
  newRequestId,
  queryString,
  type TransportConfig,
} from './http.js';
import type { Call, EventEnvelope, EventType, Speaker } from './types.js';

/** Types only the live stream carries: a call starting, and each line of its transcript. */
export type LiveOnlyType = 'call.started' | 'call.turn' | 'resync';
export type LiveEventType = EventType | LiveOnlyType;

export interface CallTurnData {
  call_id: string;
  /** 1, 2, 3... within the call. */
  seq: number;
  speaker: Speaker;
  text: string;
  at: string;
}

interface LiveEnvelope<T extends LiveOnlyType, D> {
  /** live_...: unique, but not kept: GET /events does not list it. */
  id: string;
  type: T;
  created_at: string;
  workspace_id: string;
  data: D;
}

/** One message of the stream: a webhook event envelope, or a live-only one. */
export type LiveEvent =
  | EventEnvelope
  | LiveEnvelope<'call.started', Call>
  | LiveEnvelope<'call.turn', CallTurnData>
  /** Messages may have been missed (the service lost its database connection): read state again. */
  | LiveEnvelope<'resync', Record<string, never>>;

export interface StreamQuery {
  /** Only these types; default all the credential may read. */
  types?: readonly LiveEventType[];
}

export interface EventStream extends AsyncIterable<LiveEvent> {
  /** Resolves once the service has subscribed this stream and sent the calls in progress: events from then on arrive. */
  readonly ready: Promise<void>;
  /** Ends the stream; the loop over it finishes. */
  close(): void;
}

interface RawMessage {
  event: string;
  data: string;
}

/** Splits a text/event-stream body into messages (the HTML standard's parsing rules, minus retry). */
async function* readMessages(body: ReadableStream<Uint8Array>): AsyncGenerator<RawMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const raw = colon < 0 ? '' : line.slice(colon + 1);
          const text = raw.startsWith(' ') ? raw.slice(1) : raw;
          if (field === 'event') event = text;
          else if (field === 'data') data.push(text);
        }
        newline = buffer.search(/\r\n|\r|\n/);
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Opens GET /api/v1/events/stream. The stream does not reconnect by itself: when the loop ends
 * (the service restarted, the network dropped) open a new one and re-read what you show.
 */
export function openEventStream(
  config: TransportConfig,
  query: StreamQuery = {},
  signal?: AbortSignal,
): EventStream {
  const controller = new AbortController();
  if (signal) signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  let markReady: () => void = () => {};
  let failReady: (reason: unknown) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  // A stream nobody awaits `ready` on must not report an unhandled rejection.
  ready.catch(() => {});
  const path = '/api/v1/events/stream';
  const types = query.types === undefined ? undefined : query.types.join(',');

  async function* run(): AsyncGenerator<LiveEvent> {
    const requestId = newRequestId();
    const headers = {
      ...credentialHeaders(config, 'GET'),
      Accept: 'text/event-stream',
      'X-Request-Id': requestId,
    };
    const init: RequestInit = { headers, signal: controller.signal, redirect: 'manual' };
    if (config.credentials !== undefined) init.credentials = config.credentials;
    try {
      const response = await config.fetch(`${config.baseUrl}${path}${queryString({ types })}`, init);
      if (response.status !== 200 || response.body === null) {
        throw errorFromAnswer(
          { method: 'GET', path },
          response.status,
          await response.text(),
          response.headers,
          requestId,
        );
      }
      for await (const message of readMessages(response.body)) {
        if (message.event === 'ready') {
          markReady();
          continue;
        }
        if (message.event === 'resync') {
          yield { id: '', type: 'resync', created_at: new Date().toISOString(), workspace_id: '', data: {} };
          continue;
        }
        try {
          yield JSON.parse(message.data) as LiveEvent;
        } catch (cause) {
          throw new CallagentError({
            status: 200,
            code: 'invalid_response',
            message: `The event stream sent a ${message.event} message that is not JSON.`,
            requestId,
            cause,
          });
        }
      }
    } catch (error) {
      failReady(error);
      if (controller.signal.aborted) return;
      throw error;
    } finally {
      failReady(new Error('the event stream ended'));
      controller.abort();
    }
  }

  const iterator = run();
  return {
    ready,
    close: () => controller.abort(),
    [Symbol.asyncIterator]: () => iterator,
  };
}
