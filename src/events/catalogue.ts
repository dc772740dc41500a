/** The event types (docs/webhooks.md, Event types). Nothing else is ever emitted. */
export const EVENT_TYPES = [
  'call.completed',
  'call.transferred',
  'call.updated',
  'opportunity.created',
  'opportunity.updated',
  'lead.created',
  'lead.updated',
  'booking.created',
  'agent.published',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'call.completed': 'A call ended and its transcript and summary are ready. data: the Call.',
  'call.transferred': 'The agent handed the caller to a human. data: the Call, with transferred_to.',
  'call.updated':
    'The language model’s summary of a closed call passed the check against the call’s record and was stored as model_summary; summary stays the rules’ own. data: the Call.',
  'opportunity.created': 'A property enquiry was scored against the buy box. data: the Opportunity.',
  'opportunity.updated':
    'An opportunity’s facts, score, owner, outcome, stage, next action or notes changed. data: the Opportunity.',
  'lead.created': 'A new caller was captured, or a lead was created through the API. data: the Lead.',
  'lead.updated': 'A lead’s status, owner or note changed, or its name, email or phone. data: the Lead.',
  'booking.created': 'A callback or viewing was placed on the calendar. data: the Booking.',
  'agent.published': 'A new agent configuration went live. data: the published version.',
};
