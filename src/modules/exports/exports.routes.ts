import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { type CsvValue, csvLine } from './csv.js';

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
  'owner_id',
  'note',
  'source',
  'created_at',
  'updated_at',
];
const OPPORTUNITY_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'outcome',
  'score',
  'address',
  'postcode',
  'property_type',
  'bedrooms',
  'condition',
  'occupancy',
  'asking_price',
  'timeline',
  'reason',
  'owner_id',
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

async function notesByOpportunity(db: Queryable, ws: string, ids: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const note of await listNotes(db, ws, ids))
    counts.set(note.opportunity_id, (counts.get(note.opportunity_id) ?? 0) + 1);
  return counts;
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
        description: `The filters of GET /leads; every matching lead (up to ${EXPORT_MAX_ROWS}), newest first unless order=asc. Cells a spreadsheet would run as a formula start with an apostrophe.`,
        querystring: LeadListQuery.omit({ limit: true, cursor: true }),
        response: csvResponse,
      },
    },
    async (request, reply) => {
      const ws = requirePrincipal(request).workspaceId;
      const { order, status, owner_id, phone, q } = request.query;
      const filter: LeadFilter = { status, ownerId: owner_id, phone, search: searchTerms(q) };
      return streamCsv(
        reply,
        'leads.csv',
        LEAD_COLUMNS,
        order,
        (after, o, limit) => listLeads(deps.db, ws, filter, { after, order: o, limit: limit - 1 }),
        async (rows) =>
          rows.map((l) => [
            l.id,
            l.name,
            l.phone,
            l.email,
            l.status,
            l.owner_id,
            l.note,
            l.source,
            iso(l.created_at),
            iso(l.updated_at),
          ]),
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
        description: `The filters of GET /opportunities; every matching opportunity (up to ${EXPORT_MAX_ROWS}), newest first unless order=asc. notes is the number of desk notes. Cells a spreadsheet would run as a formula start with an apostrophe.`,
        querystring: OpportunityListQuery.omit({ limit: true, cursor: true }),
        response: csvResponse,
      },
    },
    async (request, reply) => {
      const ws = requirePrincipal(request).workspaceId;
      const { order, postcode, q, ...rest } = request.query;
      const filters: OpportunityFilters = { ...rest, postcodePrefix: postcode, search: searchTerms(q) };
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
          return rows.map((o) => {
            const f = o.facts;
            return [
              o.id,
              iso(o.created_at),
              iso(o.updated_at),
              o.outcome,
              o.score,
              o.address,
              o.postcode,
              f.property_type,
              f.bedrooms,
              f.condition,
              f.occupancy,
              f.asking_price,
              f.timeline,
              f.reason,
              o.owner_id,
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
