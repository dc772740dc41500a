import type { Logger } from 'pino';
import type { EventEnvelope } from '../events/outbox.js';

const id = (data: Record<string, unknown>, key: string) =>
  typeof data[key] === 'string' ? data[key] : undefined;

/**
 * One info line per call ended, call transferred and booking made, with the workspace and the
 * record ids (never phone numbers or names: ids find the record). Read from the events, which
 * every path that makes these (a phone call on either channel, a test call, the API) records.
 */
export function logEventLine(log: Logger, event: EventEnvelope): void {
  const { data } = event;
  const base = { event: event.type, event_id: event.id, workspace_id: event.workspace_id };
  if (event.type === 'call.completed') {
    log.info(
      {
        ...base,
        call_id: id(data, 'id'),
        status: data.status,
        end_reason: data.end_reason,
        ending: data.ending,
        lead_id: id(data, 'lead_id'),
      },
      'call ended',
    );
  } else if (event.type === 'call.transferred') {
    log.info({ ...base, call_id: id(data, 'id') }, 'call transferred');
  } else if (event.type === 'booking.created') {
    log.info(
      {
        ...base,
        booking_id: id(data, 'id'),
        kind: data.kind,
        lead_id: id(data, 'lead_id'),
        call_id: id(data, 'call_id'),
      },
      'booking made',
    );
  }
}
