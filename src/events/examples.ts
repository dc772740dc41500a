import type { EventType } from './catalogue.js';

// What a test event carries: a record of the right shape (docs/webhooks.md, Event types) with
// made-up values and ids that name no record, so a receiver can exercise its parsing.

const AT = '2026-01-15T10:30:00.000Z';

const CALL = {
  id: 'call_example',
  direction: 'inbound',
  channel: 'twilio',
  from: '+447700900123',
  to: '+441610000000',
  status: 'completed',
  started_at: AT,
  ended_at: '2026-01-15T10:34:12.000Z',
  duration_seconds: 252,
  summary: 'Example: Sarah Jones wants to sell a three-bedroom semi in Leeds within three months.',
  model_summary: null,
  transferred_to: null,
  lead_id: 'lead_example',
  opportunity_id: 'opp_example',
  agent_version: 1,
};

const LEAD = {
  id: 'lead_example',
  name: 'Sarah Jones',
  phone: '+447700900123',
  email: null,
  status: 'new',
  owner_id: null,
  note: null,
  source: 'call',
  owner_pinned: false,
  merged_into: null,
  created_at: AT,
  updated_at: AT,
};

const OPPORTUNITY = {
  id: 'opp_example',
  call_id: 'call_example',
  lead_id: 'lead_example',
  address: '12 Example Street, Leeds',
  postcode: 'LS1 1AA',
  score: 72,
  outcome: 'warm',
  owner_id: null,
  seller: { name: 'Sarah Jones', phone: '+447700900123' },
  stage: 'new',
  dead_reason: null,
  next_action: {
    what: 'Call the seller back',
    owner_id: null,
    due_at: '2026-01-16T10:34:12.000Z',
    source: 'call',
    booking_id: null,
  },
  notes: [],
  facts: {
    property_type: 'semi_detached',
    bedrooms: 3,
    condition: 'dated',
    asking_price: 180000,
    timeline: 'within_3_months',
    reason: 'relocating',
  },
  score_breakdown: [],
  merged_into: null,
  created_at: AT,
  updated_at: AT,
};

const BOOKING = {
  id: 'bk_example',
  kind: 'callback',
  lead_id: 'lead_example',
  call_id: 'call_example',
  starts_at: '2026-01-16T09:00:00.000Z',
  ends_at: '2026-01-16T09:15:00.000Z',
  assignee_id: null,
  note: null,
  status: 'scheduled',
  assignee_pinned: false,
  created_at: AT,
  updated_at: AT,
};

const EXAMPLES: Record<EventType, Record<string, unknown>> = {
  'call.completed': CALL,
  'call.transferred': { ...CALL, status: 'transferred', transferred_to: '+441610000001' },
  'call.updated': {
    ...CALL,
    model_summary:
      'Example: Sarah Jones rang about her three-bedroom semi in Leeds; she hopes to sell within three months.',
  },
  'opportunity.created': OPPORTUNITY,
  'opportunity.updated': {
    ...OPPORTUNITY,
    stage: 'contacted',
    next_action: {
      what: 'Send the offer letter',
      owner_id: 'usr_example',
      due_at: '2026-01-17T09:00:00.000Z',
      source: 'desk',
      booking_id: null,
    },
  },
  'opportunity.merged': { ...OPPORTUNITY, id: 'opp_example_merged', merged_into: 'opp_example' },
  'lead.created': LEAD,
  'lead.updated': { ...LEAD, status: 'working' },
  'lead.merged': { ...LEAD, id: 'lead_example_merged', merged_into: 'lead_example' },
  'lead.erased': { id: 'lead_example', erased_at: AT },
  'booking.created': BOOKING,
  'booking.updated': {
    ...BOOKING,
    starts_at: '2026-01-16T11:00:00.000Z',
    ends_at: '2026-01-16T11:15:00.000Z',
  },
  'booking.cancelled': { ...BOOKING, status: 'cancelled' },
  'agent.published': { version: 1, published_at: AT, published_by: 'usr_example' },
};

export function exampleEventData(type: EventType): Record<string, unknown> {
  return EXAMPLES[type];
}
