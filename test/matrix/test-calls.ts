import { startLiveCall } from '../../src/live-call/live-call.service.js';
import type { MatrixRoute, MatrixSeed } from './types.js';

async function aTestCall(seed: MatrixSeed) {
  const started = await startLiveCall(
    { db: seed.db, clock: seed.clock },
    {
      workspaceId: seed.tenant.workspaceId,
      channel: 'sim',
      from: '+447700900123',
      to: 'test-call',
      agent: 'draft',
    },
  );
  return { call_id: started.call.id };
}

export const testCallRoutes: MatrixRoute[] = [
  { method: 'POST', url: '/api/v1/test-calls', body: { from: '+447700900123', agent: 'draft' } },
  { method: 'POST', url: '/api/v1/test-calls/:call_id/turns', record: aTestCall, body: { text: 'hello' } },
  { method: 'POST', url: '/api/v1/test-calls/:call_id/hangup', record: aTestCall },
];
