import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { dbFor } from '../../http/idempotency.js';
import { decodeCursor, ListQuery, listOf, pageOf } from '../../http/pagination.js';
import { recorderOf } from '../../http/recorder-of.js';
import { iso, Timestamp } from '../../http/schemas.js';
import { PHONE_MAX, PhoneInput } from '../../lib/phone.js';
import { findLead } from '../leads/leads.repo.js';
import { Lead, LeadParams } from '../leads/leads.schemas.js';
import { AUDIT_ACTIONS, type AuditRow, listAudit } from './audit.repo.js';
import {
  auditActor,
  erasePerson,
  exportPerson,
  lookupPhone,
  toRetention,
  updateRetention,
} from './privacy.service.js';
import { loadRetention } from './retention.repo.js';

const TAGS = ['Privacy'];

const Rows = z.array(z.record(z.string(), z.unknown()));

const PersonExport = z
  .object({
    format: z.literal('callagent.person.v1'),
    exported_at: Timestamp,
    workspace_id: z.string(),
    lead_id: z.string().describe('The lead asked for.'),
    leads: Rows.describe('The lead, the lead it was merged into and the leads merged into it, as stored.'),
    calls: Rows.describe(
      'Their calls (and calls from their numbers that made no lead), each with its transcript.',
    ),
    opportunities: Rows,
    opportunity_notes: Rows,
    bookings: Rows,
    messages: Rows.describe('Texts and emails to or from them, and desk alerts about them.'),
    events: Rows.describe('The events that carried their records.'),
  })
  .meta({ id: 'PersonExport' });

const EraseBody = z.strictObject({
  confirm: z
    .string()
    .trim()
    .min(1)
    .max(PHONE_MAX)
    .describe("The lead's phone number, in any usual form: a safeguard against erasing the wrong person."),
});

const Erasure = z
  .object({
    lead_id: z.string(),
    lead_ids: z.array(z.string()).describe('Every lead of the person that was erased (merged ones too).'),
    erased_at: Timestamp,
  })
  .meta({ id: 'Erasure' });

const Days = (min: number) => z.number().int().min(min).max(3650);

const Retention = z
  .object({
    transcript_days: z
      .number()
      .int()
      .describe('Days after a call ends that its transcript and summaries are kept.'),
    idle_lead_days: z
      .number()
      .int()
      .describe(
        'Days a lead that went nowhere (closed, or no opportunity) may stay quiet before it is erased.',
      ),
    recording_days: z
      .number()
      .int()
      .describe(
        "Days a call's recording is kept, from the call's start; then it is deleted here and at Twilio.",
      ),
    updated_at: Timestamp.nullable().describe('null: the defaults, never changed.'),
  })
  .meta({ id: 'Retention' });

const RetentionPatch = z
  .strictObject({
    transcript_days: Days(30).optional(),
    idle_lead_days: Days(30).optional(),
    recording_days: Days(1).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'send at least one setting' });

const AuditEntry = z
  .object({
    id: z.string().describe('aud_...'),
    at: Timestamp,
    actor: z.object({
      type: z.enum(['user', 'api_key', 'system']),
      id: z.string().nullable().describe('usr_... or key_...; null for the system (the retention job).'),
      on_behalf_of: z.string().nullable().describe('For a key: the user who made it.'),
    }),
    action: z.enum(AUDIT_ACTIONS),
    subject: z.object({ type: z.string(), id: z.string() }).nullable(),
    details: z.record(z.string(), z.unknown()).describe('Ids and counts; never personal data.'),
  })
  .meta({ id: 'AuditEntry' });

const AuditQuery = ListQuery.extend({
  action: z.enum(AUDIT_ACTIONS).optional(),
  subject_id: z.string().max(40).optional().describe('Entries about this record (a lead_...).'),
});

const toAuditEntry = (r: AuditRow) => ({
  id: r.id,
  at: iso(r.at),
  actor: { type: r.actor_type, id: r.actor_id, on_behalf_of: r.on_behalf_of },
  action: r.action,
  subject:
    r.subject_type === null || r.subject_id === null ? null : { type: r.subject_type, id: r.subject_id },
  details: r.details,
});

export function registerPrivacyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const recorder = recorderOf(deps);
  const leadGuard = {
    param: 'lead_id',
    what: 'lead',
    exists: async (ws: string, id: string) => (await findLead(deps.db, ws, id)) !== null,
  };

  r.get(
    '/api/v1/leads/:lead_id/export',
    {
      config: { operation: 'privacy.manage', resource: leadGuard },
      schema: {
        tags: TAGS,
        summary: "Everything held about a lead's person, as one JSON document",
        description:
          'A subject access request (docs/privacy.md): the lead and the leads merged with it, their calls with ' +
          'transcripts, opportunities and their notes, bookings, messages and the events that carried them. ' +
          'Admins and owners, or a key with privacy:manage. Written to the audit log.',
        params: LeadParams,
        response: { 200: PersonExport },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const doc = await exportPerson(deps.db, p, request.params.lead_id, deps.clock.now());
      return reply
        .header('content-disposition', `attachment; filename="${request.params.lead_id}.json"`)
        .header('cache-control', 'no-store')
        .send(doc);
    },
  );

  r.get(
    '/api/v1/privacy/lookup',
    {
      config: { operation: 'privacy.manage' },
      schema: {
        tags: TAGS,
        summary: 'The leads with a phone number',
        description:
          'Where a request from a person who gives their number is answered: the leads with that number, merged ' +
          'ones included, and the leads they are merged with. Written to the audit log (without the number).',
        querystring: z.strictObject({ phone: PhoneInput }),
        response: { 200: z.object({ data: z.array(Lead) }) },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const data = await lookupPhone(deps.db, p, request.query.phone, deps.clock.now());
      return reply.header('cache-control', 'no-store').send({ data });
    },
  );

  r.post(
    '/api/v1/leads/:lead_id/erase',
    {
      config: { operation: 'privacy.manage', resource: leadGuard },
      schema: {
        tags: TAGS,
        summary: "Erase a lead's person",
        description:
          'Irreversible (docs/privacy.md, "Erasure"). confirm must be the lead’s phone number (400 otherwise). ' +
          'The lead and the leads merged with it become "Erased"; their calls, opportunities, bookings, notes, ' +
          "messages, events and webhook deliveries keep their rows but lose their personal content; their calls' " +
          'recordings are deleted here and at Twilio. Emits ' +
          'lead.erased for each lead. A person already erased answers the same and nothing changes. 409 while a ' +
          'call with them is in progress.',
        params: LeadParams,
        body: EraseBody,
        response: { 200: Erasure },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const db = dbFor(request, deps.db);
      const { erasure, counts } = await erasePerson(
        db,
        p.workspaceId,
        request.params.lead_id,
        { confirm: request.body.confirm, actor: auditActor(p), audit: true },
        deps.clock.now(),
      );
      // Twilio's copies of the recordings go once the erasure has committed; the housekeeping
      // tries again for any Twilio did not delete.
      if ((counts?.recordings ?? 0) > 0) {
        const purge = () => {
          recorder
            .purge(p.workspaceId)
            .catch((error: unknown) =>
              request.log.warn({ err: error }, 'deleting recordings at Twilio failed'),
            );
        };
        if (db.afterCommit) db.afterCommit(purge);
        else purge();
      }
      return erasure;
    },
  );

  r.get(
    '/api/v1/privacy/retention',
    {
      config: { operation: 'privacy.settings' },
      schema: {
        tags: TAGS,
        summary: 'How long personal data is kept',
        response: { 200: Retention },
      },
    },
    async (request) => toRetention(await loadRetention(deps.db, requirePrincipal(request).workspaceId)),
  );

  r.patch(
    '/api/v1/privacy/retention',
    {
      config: { operation: 'privacy.settings' },
      schema: {
        tags: TAGS,
        summary: 'Change how long personal data is kept',
        description:
          'Days, whole: transcript_days and idle_lead_days 30 to 3650, recording_days 1 to 3650. A change is ' +
          'written to the audit log; the next run of the retention job applies it.',
        body: RetentionPatch,
        response: { 200: Retention },
      },
    },
    async (request) => updateRetention(deps.db, requirePrincipal(request), request.body, deps.clock.now()),
  );

  r.get(
    '/api/v1/audit-log',
    {
      config: { operation: 'audit_log.read' },
      schema: {
        tags: TAGS,
        summary: 'Who exported, erased or changed what',
        description:
          'The owner only. Newest first unless order=asc; filter by action or subject_id. Kept as long as the workspace.',
        querystring: AuditQuery,
        response: { 200: listOf(AuditEntry) },
      },
    },
    async (request) => {
      const { limit, order, cursor, action, subject_id } = request.query;
      const rows = await listAudit(
        deps.db,
        requirePrincipal(request).workspaceId,
        { action, subjectId: subject_id },
        { after: decodeCursor(cursor), order, limit },
      );
      return pageOf(rows, limit, (e) => e.id, toAuditEntry);
    },
  );
}
