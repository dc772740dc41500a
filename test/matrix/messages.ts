import { randomInt } from 'node:crypto';
import { newId } from '../../src/lib/ids.js';
import { createLead } from '../../src/modules/leads/leads.service.js';
import { insertInboundText } from '../../src/notifications/seller-texts/inbound.repo.js';
import type { MatrixRoute, MatrixSeed } from './types.js';

function aPhone(): string {
  return `+4477${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** A seller's text kept on the log, as the SMS webhook keeps one. */
async function aMessage(seed: MatrixSeed) {
  const at = seed.clock.now();
  const id = newId('msg', at.getTime());
  await seed.db.transaction((tx) =>
    insertInboundText(
      tx,
      {
        workspaceId: seed.tenant.workspaceId,
        id,
        sid: `SM${id}`,
        to: '+441610000000',
        from: aPhone(),
        leadId: null,
        body: 'Is Thursday still on?',
      },
      at,
    ),
  );
  return { message_id: id };
}

async function aLead(seed: MatrixSeed) {
  const lead = await createLead(
    seed.db,
    seed.tenant.workspaceId,
    { name: 'Matrix Texter', phone: aPhone() },
    seed.clock.now(),
  );
  return { lead_id: lead.id };
}

export const messageRoutes: MatrixRoute[] = [
  { method: 'GET', url: '/api/v1/messages' },
  { method: 'GET', url: '/api/v1/messages/:message_id', record: aMessage },
  { method: 'GET', url: '/api/v1/leads/:lead_id/texting', record: aLead },
];
