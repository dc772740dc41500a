import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Principal } from '../../auth/permissions.js';
import { requirePrincipal } from '../../auth/principal.js';
import type { Queryable } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { iso } from '../../http/schemas.js';
import { searchTerms } from '../../lib/search.js';
import { type LeadFilter, listLeads } from '../leads/leads.repo.js';
import { LeadListQuery } from '../leads/leads.schemas.js';
import { OpportunityListQuery } from '../opportunities/opportunities.query.js';
import {
  listNotes,
  listOpportunities,
  type OpportunityFilters,
} from '../opportunities/opportunities.repo.js';
import { loadPipeline } from '../opportunities/pipeline.repo.js';
import { writeAudit } from '../privacy/audit.repo.js';
import { auditActor } from '../privacy/privacy.service.js';
import { type CsvValue, csvLine } from './csv.js';
import { findUserNames } from './exports.repo.js';
import { enumLabel, FACT_KEYS, factLabel } from './labels.js';

/** Rows read per query: the export streams page by page, so memory stays flat however many rows. */
const PAGE = 500;
/** The most rows one export holds; a filter narrows a larger set. */
export const EXPORT_MAX_ROWS = 100_000;

const LEAD_COLUMNS = [
  'id',
  'name',
  'phone',
  'email',
  'status',
  'owner',
  'note',
  'source',
  'created_at',
  'updated_at',
];
const OPPORTUNITY_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'stage',
  'dead_reason',
  'outcome',
  'score',
  'seller_name',
  'seller_phone',
  'address',
  'postcode',
  ...FACT_KEYS,
  'owner',
  'next_action',
  'next_action_owner',
  'next_action_due',
  'lead_id',
  'call_id',
  'notes',
];

const csvResponse = {
  200: {
    description: 'CSV, one row per record, a header row first.',
    content: { 'text/csv': { schema: z.string() } },
  },
};

/** Writes the header, then each page as it is read, in id order (newest first unless asc). */
async function streamCsv<Row extends { id: string }>(
  reply: FastifyReply,
  filename: string,
  columns: readonly string[],
  order: 'asc' | 'desc',
  readPage: (after: string | null, order: 'asc' | 'desc', limit: number) => Promise<Row[]>,
  toCells: (rows: Row[]) => Promise<CsvValue[][]>,
): Promise<FastifyReply> {
  // Readable.from keeps backpressure: the next page is read only as the client takes the last.
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(columns);
    let after: string | null = null;
    let written = 0;
    while (written < EXPORT_MAX_ROWS) {
      const rows = await readPage(after, order, Math.min(PAGE, EXPORT_MAX_ROWS - written));
      for (const cells of await toCells(rows)) yield csvLine(cells);
      written += rows.length;
      const last = rows[rows.length - 1];
      if (last === undefined || rows.length < PAGE) return;
      after = last.id;
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(lines()));
}

/**
 * People by name, never by id: the names (else emails) of the users a page names, members or
 * not (someone who left still owns what they owned).
 */
async function namesOf(
  db: Queryable,
  ids: readonly (string | null)[],
): Promise<(id: string | null) => string> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = await findUserNames(db, wanted);
  const names = new Map(rows.map((u) => [u.id, u.name.trim() || u.email]));
  return (id) => (id === null ? '' : (names.get(id) ?? ''));
}

async function notesByOpportunity(db: Queryable, ws: string, ids: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const note of await listNotes(db, ws, ids))
    counts.set(note.opportunity_id, (counts.get(note.opportunity_id) ?? 0) + 1);
  return counts;
}

/**
 * Who exported what (docs/privacy.md, "The audit log"): written before the first row is read.
 * The filters are named, not given: a search or a phone number may itself be personal data.
 */
async function auditExport(
  deps: AppDeps,
  principal: Principal,
  action: 'leads.csv_exported' | 'opportunities.csv_exported',
  query: Record<string, unknown>,
): Promise<void> {
  const filters = Object.keys(query)
    .filter((k) => k !== 'order' && query[k] !== undefined)
    .sort();
  await deps.db.transaction((tx) =>
    writeAudit(
      tx,
      principal.workspaceId,
      { actor: auditActor(principal), action, details: { filters } },
      deps.clock.now(),
    ),
  );
}

export function registerExportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/leads.csv',
    {
      config: { operation: 'leads.read' },
      schema: {
        tags: ['Leads'],
        summary: 'Leads as CSV',
        description: `The filters of GET /leads; every matching lead (up to ${EXPORT_MAX_ROWS}), newest first unless order=asc. The owner is named and the status is a label. Cells a spreadsheet would run as a formula start with an apostrophe.`,
        querystring: LeadListQuery.omit({ limit: true, cursor: true }),
        response: csvResponse,
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const ws = p.workspaceId;
      const { order, status, owner_id, phone, q } = request.query;
      await auditExport(deps, p, 'leads.csv_exported', request.query);
      const filter: LeadFilter = { status, ownerId: owner_id, phone, search: searchTerms(q) };
      return streamCsv(
        reply,
        'leads.csv',
        LEAD_COLUMNS,
        order,
        (after, o, limit) => listLeads(deps.db, ws, filter, { after, order: o, limit: limit - 1 }),
        async (rows) => {
          const nameOf = await namesOf(
            deps.db,
            rows.map((l) => l.owner_id),
          );
          return rows.map((l) => [
            l.id,
            l.name,
            l.phone,
            l.email,
            enumLabel(l.status),
            nameOf(l.owner_id),
            l.note,
            l.source,
            iso(l.created_at),
            iso(l.updated_at),
          ]);
        },
      );
    },
  );

  r.get(
    '/api/v1/opportunities.csv',
    {
      config: { operation: 'opportunities.read' },
      schema: {
        tags: ['Opportunities'],
        summary: 'Opportunities as CSV',
        description: `The filters of GET /opportunities; every matching opportunity (up to ${EXPORT_MAX_ROWS}), newest first unless order=asc. notes is the number of desk notes. People are named (never by id), facts and stages by their labels, and each deal carries its seller's name and phone and its next action. Cells a spreadsheet would run as a formula start with an apostrophe.`,
        querystring: OpportunityListQuery.omit({ limit: true, cursor: true }),
        response: csvResponse,
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const ws = p.workspaceId;
      const { order, postcode, q, ...rest } = request.query;
      await auditExport(deps, p, 'opportunities.csv_exported', request.query);
      const filters: OpportunityFilters = { ...rest, postcodePrefix: postcode, search: searchTerms(q) };
      const stageNames = new Map((await loadPipeline(deps.db, ws)).stages.map((s) => [s.key, s.name]));
      return streamCsv(
        reply,
        'opportunities.csv',
        OPPORTUNITY_COLUMNS,
        order,
        (after, o, limit) => listOpportunities(deps.db, ws, filters, { after, order: o, limit: limit - 1 }),
        async (rows) => {
          const notes = await notesByOpportunity(
            deps.db,
            ws,
            rows.map((o) => o.id),
          );
          const nameOf = await namesOf(
            deps.db,
            rows.flatMap((o) => [o.owner_id, o.next_action_owner_id]),
          );
          return rows.map((o) => {
            const f = o.facts;
            return [
              o.id,
              iso(o.created_at),
              iso(o.updated_at),
              stageNames.get(o.stage) ?? o.stage,
              o.dead_reason,
              enumLabel(o.outcome),
              o.score,
              o.seller_name ?? null,
              o.seller_phone ?? null,
              o.address,
              o.postcode,
              ...FACT_KEYS.map((key) => factLabel(key, f[key])),
              nameOf(o.owner_id),
              o.next_action,
              o.next_action === null ? null : nameOf(o.next_action_owner_id) || 'Anyone',
              iso(o.next_action_due),
              o.lead_id,
              o.call_id,
              notes.get(o.id) ?? 0,
            ];
          });
        },
      );
    },
  );
}
