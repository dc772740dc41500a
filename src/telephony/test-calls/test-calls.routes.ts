import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/principal.js';
import type { AppDeps } from '../../deps.js';
import { depsFor } from '../../http/idempotency.js';
import {
  type CallScope,
  endLiveCall,
  startLiveCall,
  takeCallTurn,
} from '../../live-call/live-call.service.js';
import { markTransferConnected } from '../../live-call/transfer-connected.js';
import { isSimCall } from '../../modules/calls/calls.repo.js';
import { Call } from '../../modules/calls/calls.schemas.js';
import { TestCallProgress, testCallProgress } from './progress.js';

const CallParams = z.strictObject({ call_id: z.string().max(40) });

const TurnAnswer = z
  .object({
    reply: z.string().describe('What the agent says next; empty once the call has ended.'),
    ended: z.boolean(),
    transferred_to: z.string().nullable().describe('Set when the agent handed the caller to a person.'),
    progress: TestCallProgress,
  })
  .meta({ id: 'TestCallTurn' });

/**
 * Test calls (docs/agent.md): the same engine and records without a telephone. With the published
 * agent the call is a real call of channel sim; with the draft it is marked test and changes
 * nothing else. A transfer on a test call counts as answered at once.
 */
export function registerTestCallRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const callDeps = { db: deps.db, clock: deps.clock, model: deps.model ?? null };
  const guard = {
    param: 'call_id',
    what: 'test call',
    exists: (ws: string, id: string) => isSimCall(deps.db, ws, id),
  };
  // The live-call layer answers any call but a test call as missing, in the turn's own transaction.
  const testCalls: CallScope = { channel: 'sim', what: 'test call' };

  r.post(
    '/api/v1/test-calls',
    {
      config: { operation: 'test_calls.run' },
      schema: {
        tags: ['Test calls'],
        summary: 'Start a test call',
        description:
          'published: a real call of channel sim, creating the same records and events as a phone call. draft: tries the draft; only the call itself is stored, marked test, and no events are emitted.',
        body: z.strictObject({
          from: z
            .string()
            .trim()
            .min(1)
            .max(40)
            .describe('The caller number to simulate, e.g. +447700900123.'),
          agent: z.enum(['published', 'draft']).default('published'),
        }),
        response: {
          201: z
            .object({
              call_id: z.string(),
              reply: z.string(),
              ended: z.boolean(),
              progress: TestCallProgress,
            })
            .meta({ id: 'TestCallStarted' }),
        },
      },
    },
    async (request, reply) => {
      const p = requirePrincipal(request);
      const started = await startLiveCall(depsFor(request, callDeps), {
        workspaceId: p.workspaceId,
        channel: 'sim',
        from: request.body.from,
        to: 'test-call',
        agent: request.body.agent,
      });
      request.log.info(
        {
          event: 'call.started',
          workspace_id: p.workspaceId,
          call_id: started.call.id,
          channel: 'sim',
          agent: request.body.agent,
        },
        'call started',
      );
      const progress = testCallProgress(started);
      return reply
        .code(201)
        .send({ call_id: started.call.id, reply: started.reply, ended: started.ended, progress });
    },
  );

  r.post(
    '/api/v1/test-calls/:call_id/turns',
    {
      config: { operation: 'test_calls.run', resource: guard },
      schema: {
        tags: ['Test calls'],
        summary: 'Say something to the agent',
        description: 'An empty text is silence.',
        params: CallParams,
        body: z.strictObject({ text: z.string().max(2000) }),
        response: { 200: TurnAnswer },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      const text = request.body.text.trim();
      const turnDeps = depsFor(request, callDeps);
      const turn = await takeCallTurn(
        turnDeps,
        p.workspaceId,
        request.params.call_id,
        text ? { kind: 'speech', text } : { kind: 'silence' },
        testCalls,
      );
      const transferredTo = turn.transfer
        ? (await markTransferConnected(turnDeps, p.workspaceId, request.params.call_id)).call.transferred_to
        : turn.call.transferred_to;
      const progress = testCallProgress(turn);
      return { reply: turn.reply, ended: turn.ended, transferred_to: transferredTo, progress };
    },
  );

  r.post(
    '/api/v1/test-calls/:call_id/hangup',
    {
      config: { operation: 'test_calls.run', resource: guard },
      schema: {
        tags: ['Test calls'],
        summary: 'Hang up: the call is wrapped up with what was learnt',
        params: CallParams,
        response: { 200: Call },
      },
    },
    async (request) => {
      const p = requirePrincipal(request);
      return endLiveCall(depsFor(request, callDeps), p.workspaceId, request.params.call_id, {}, testCalls);
    },
  );
}
