// Search across leads, opportunities and calls (docs/desk-api.md, "Search"). The records' search
// texts and their trigram indexes are made by migration 0017_search.sql; the conditions below
// use exactly those expressions, so PostgreSQL and the embedded database answer from the indexes.
// The patterns come from searchTerms (src/lib/search.ts).

/** Parameter numbers of a search in a statement: the workspace, the text pattern, the digits pattern. */
export interface SearchParams {
  ws: number;
  text: number;
  digits: number;
}

const LEAD = 'search_text';
const OPPORTUNITY = 'search_text';
const CALL = 'call_search(from_number, summary, model_summary)';

/** `expr` holds the text, or (a null digits pattern matching nothing) the digits. */
function matches(expr: string, p: SearchParams): string {
  return `(${expr} LIKE search_fold($${p.text}::text) OR ${expr} LIKE $${p.digits}::text)`;
}

/** Leads found by their own name, email or number. */
function ownLeads(p: SearchParams): string {
  return `SELECT id FROM leads WHERE workspace_id = $${p.ws} AND ${matches(LEAD, p)}`;
}

/**
 * Ids of the leads a search finds: by name, email or number, or by the address or postcode of
 * one of their opportunities. Each branch reads a trigram index, then the workspace's rows only.
 */
export function leadHits(p: SearchParams): string {
  return `${ownLeads(p)}
    UNION ALL SELECT lead_id FROM opportunities
     WHERE workspace_id = $${p.ws} AND lead_id IS NOT NULL AND ${OPPORTUNITY} LIKE search_fold($${p.text}::text)`;
}

/** Ids of the opportunities a search finds: by address or postcode, or by their seller's name or number. */
export function opportunityHits(p: SearchParams): string {
  return `SELECT id FROM opportunities WHERE workspace_id = $${p.ws} AND ${OPPORTUNITY} LIKE search_fold($${p.text}::text)
    UNION ALL SELECT id FROM opportunities WHERE workspace_id = $${p.ws} AND lead_id IN (${ownLeads(p)})`;
}

/**
 * Ids of the calls a search finds: by the caller's number, the summary or a transcript line, or
 * by their lead or opportunity as those lists would find them.
 */
export function callHits(p: SearchParams): string {
  return `SELECT id FROM calls WHERE workspace_id = $${p.ws} AND ${matches(CALL, p)}
    UNION ALL SELECT call_id FROM call_turns
     WHERE workspace_id = $${p.ws} AND search_text LIKE search_fold($${p.text}::text)
    UNION ALL SELECT id FROM calls WHERE workspace_id = $${p.ws} AND lead_id IN (${leadHits(p)})
    UNION ALL SELECT id FROM calls WHERE workspace_id = $${p.ws} AND opportunity_id IN (${opportunityHits(p)})`;
}

/**
 * The FROM of a searched list: the rows of `table` whose ids `hits` names, each read by its
 * primary key and kept when `where` holds, as `SELECT r.* ...` (order and limit follow). The
 * statement's shape fixes the plan: on PostgreSQL a named statement is soon planned without its
 * parameters' values, and a free planner may then walk the whole workspace in list order, testing
 * each row against the hits, rather than read the few hits. `LIMIT 1` keeps the lateral read from
 * being merged into an ordinary join. Ordered by `hit.id`, a list in id order reads the hits'
 * ids in order and stops at the page's end. `table` comes from the caller's constants, never from
 * input.
 */
export function searchedRows(
  table: 'leads' | 'opportunities' | 'calls',
  hits: string,
  ws: number,
  where: string,
): string {
  return `SELECT r.* FROM (SELECT DISTINCT id FROM (${hits}) AS h (id)) AS hit
    CROSS JOIN LATERAL (SELECT * FROM ${table} WHERE workspace_id = $${ws} AND id = hit.id AND ${where} LIMIT 1) AS r`;
}
