import { planMessagesWith } from './events/outbox.js';
import { planMessagesForEvent } from './notifications/planner.js';

/**
 * The one hand-off across the layers that the composition root makes at run time: the outbox
 * (events, below the features) queues the messages an event causes through the notifications
 * planner (above them). Every entry that can record an event calls this first: buildApp, each
 * sub-command's opening of the database, and the tests' databases (docs/architecture.md, "Layers").
 */
export function wireEventConsequences(): void {
  planMessagesWith(planMessagesForEvent);
}
