import { randomInt } from 'node:crypto';
import { createLead } from '../../src/modules/leads/leads.service.js';
import type { MatrixRoute, MatrixSeed } from './types.js';

/** A lead with a number of its own, and that number (erasure is confirmed with it). */
async function aPerson(seed: MatrixSeed) {
  const phone = `+4477${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const lead = await createLead(
    seed.db,
    seed.tenant.workspaceId,
    { name: 'Matrix Person', phone },
    seed.clock.now(),
  );
  return { lead_id: lead.id, phone };
}

/** A person's data and the privacy settings (docs/privacy.md). */
export const privacyRoutes: MatrixRoute[] = [
  { method: 'GET', url: '/api/v1/leads/:lead_id/export', record: aPerson },
  {
    method: 'POST',
    url: '/api/v1/leads/:lead_id/erase',
    record: aPerson,
    body: (p: Record<string, string>) => ({ confirm: p.phone }),
  },
  { method: 'GET', url: '/api/v1/privacy/lookup', query: 'phone=07700900123' },
  { method: 'GET', url: '/api/v1/privacy/retention' },
  { method: 'PATCH', url: '/api/v1/privacy/retention', body: { transcript_days: 365 } },
  { method: 'GET', url: '/api/v1/audit-log' },
];
