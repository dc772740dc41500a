import { z } from 'zod';
import { EVENT_TYPES } from '../../events/catalogue.js';
import { ListQuery } from '../../http/pagination.js';
import { Timestamp } from '../../http/schemas.js';

export const EventTypeName = z.enum(EVENT_TYPES, {
  error: () => `must be one of the event types: ${EVENT_TYPES.join(', ')}`,
});
export const EventList = z
  .array(EventTypeName)
  .min(1, { message: 'must name at least one event type' })
  .max(EVENT_TYPES.length * 2)
  .describe('Event types to receive.');
export const WebhookUrl = z
  .string()
  .max(2048)
  .describe('https only, publicly reachable; no credentials in the URL.');
export const Description = z.string().trim().max(500);

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(EventTypeName),
    description: z.string().nullable(),
    status: z.enum(['enabled', 'disabled']),
    disabled_reason: z
      .string()
      .nullable()
      .describe('Why the service disabled the endpoint (e.g. it answered 410 Gone); null otherwise.'),
    created_by: z
      .string()
      .nullable()
      .describe(
        "Id of the user who made it (for an API key, the key's creator); null for endpoints made before this was recorded.",
      ),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });

export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  signing_secret: z
    .string()
    .describe(
      'whsec_...: the HMAC key (its UTF-8 bytes, prefix included). Shown in this response only: an idempotent replay (same X-Request-Id) answers without it.',
    ),
}).meta({ id: 'WebhookEndpointWithSecret' });

export const CreateWebhookBody = z.strictObject({
  url: WebhookUrl,
  events: EventList,
  description: Description.optional(),
});
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z.strictObject({
  url: WebhookUrl.optional(),
  events: EventList.optional(),
  description: Description.nullable().optional(),
  status: z.enum(['enabled', 'disabled']).optional(),
});
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

export const WebhookParams = z.strictObject({ webhook_id: z.string().max(40) });
export const DeliveryParams = z.strictObject({
  webhook_id: z.string().max(40),
  delivery_id: z.string().max(40),
});

export const DeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);

export const Delivery = z
  .object({
    id: z.string(),
    webhook_id: z.string(),
    event_id: z.string(),
    event_type: EventTypeName,
    status: DeliveryStatus,
    attempts: z.int().describe('Attempts made so far.'),
    last_status: z.int().nullable().describe('HTTP status of the last attempt; null when none answered.'),
    last_error: z.string().nullable(),
    next_attempt_at: Timestamp.nullable().describe('When the next attempt is due; null unless pending.'),
    created_at: Timestamp,
  })
  .meta({ id: 'WebhookDelivery' });

export const Attempt = z
  .object({
    id: z.string(),
    started_at: Timestamp,
    duration_ms: z.int(),
    response_status: z.int().nullable(),
    succeeded: z.boolean(),
    error: z.string().nullable(),
    response_body_start: z.string().describe('The first 1,024 characters of the response body.'),
  })
  .meta({ id: 'WebhookAttempt' });

export const DeliveryDetail = Delivery.extend({
  attempt_log: z.array(Attempt).describe('Every attempt, oldest first.'),
}).meta({ id: 'WebhookDeliveryDetail' });

export const DeliveryListQuery = ListQuery.extend({ status: DeliveryStatus.optional() });

export const TestEventBody = z
  .strictObject({
    type: EventTypeName.optional().describe(
      'An event type the endpoint subscribes to; default: the first one.',
    ),
  })
  .nullish();
