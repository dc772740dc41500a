/** The event types (docs/webhooks.md, Event types). Nothing else is ever emitted. */
export const EVENT_TYPES = [
  'call.completed',
  'call.transferred',
  'call.updated',
  'opportunity.created',
  'opportunity.updated',
  'opportunity.merged',
  'lead.created',
  'lead.updated',
  'lead.merged',
  'lead.erased',
  'booking.created',
  'booking.updated',
  'booking.cancelled',
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
    'An opportunity’s facts, score, owner, outcome, stage, next action or notes changed, or a returning caller’s call added to it. data: the Opportunity.',
  'opportunity.merged':
    'The desk merged this opportunity into another (merged_into); its calls and notes moved there. data: the merged Opportunity.',
  'lead.created': 'A new caller was captured, or a lead was created through the API. data: the Lead.',
  'lead.updated': 'A lead’s status, owner or note changed, or its name, email or phone. data: the Lead.',
  'lead.merged':
    'The desk merged this lead into another (merged_into); its calls, opportunities and bookings moved there. data: the merged Lead.',
  'lead.erased':
    'The person a lead is was erased (on request, or by the retention job): the lead and its calls, opportunities, bookings and messages keep their rows but lost their content, and earlier events about them now carry only {id, erased: true}. Delete what you copied about them. data: {id, erased_at}.',
  'booking.created': 'A callback or viewing was placed on the calendar. data: the Booking.',
  'booking.updated':
    'A booking moved, changed assignee or note, or moved to another lead in a merge. data: the Booking.',
  'booking.cancelled': 'A booking was cancelled and its time freed. data: the Booking, status cancelled.',
  'agent.published': 'A new agent configuration went live. data: the published version.',
};
