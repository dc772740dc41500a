import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { LanguageModel } from '../llm/language-model.js';
import { findCall } from '../modules/calls/calls.repo.js';
import { findFirstWorkspaceId } from '../modules/workspaces/workspaces.repo.js';
import { endLiveCall, startLiveCall, takeCallTurn } from './live-call.service.js';
import { markTransferConnected } from './transfer-connected.js';

export interface TerminalIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

async function pickWorkspace(db: Database, requested: string | undefined): Promise<string | null> {
  if (requested) return requested;
  return findFirstWorkspaceId(db);
}

/**
 * `callagent call`: a conversation with the agent in the terminal, through the same live-call
 * layer as a phone call (channel sim). An empty line is silence; /hangup or end of input
 * hangs up. With --draft it tries the draft and changes no records. With a language model
 * configured, it is consulted as on a phone call.
 */
export async function runTerminalCall(
  args: string[],
  deps: { db: Database; clock: Clock; model?: LanguageModel | null },
  io: TerminalIo,
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { workspace: { type: 'string' }, from: { type: 'string' }, draft: { type: 'boolean' } },
  });
  const say = (line: string) => io.output.write(`${line}\n`);
  const workspaceId = await pickWorkspace(deps.db, values.workspace);
  if (!workspaceId) {
    say('No workspace yet: create one with `callagent workspace create` first.');
    return 1;
  }
  const callDeps = { db: deps.db, clock: deps.clock, model: deps.model ?? null };
  const started = await startLiveCall(callDeps, {
    workspaceId,
    channel: 'sim',
    from: values.from ?? '+447700900000',
    to: 'terminal',
    agent: values.draft ? 'draft' : 'published',
  });
  const callId = started.call.id;
  say(`(call ${callId}; an empty line is silence, /hangup ends the call)`);
  say(`Agent: ${started.reply}`);
  const rl = createInterface({ input: io.input, output: io.output, terminal: false });
  let ended = started.ended;
  try {
    for await (const raw of rl) {
      const text = raw.trim();
      if (text === '/hangup') break;
      const turn = await takeCallTurn(
        callDeps,
        workspaceId,
        callId,
        text ? { kind: 'speech', text } : { kind: 'silence' },
      );
      if (turn.reply) say(`Agent: ${turn.reply}`);
      if (turn.transfer) {
        await markTransferConnected(callDeps, workspaceId, callId);
        say(`(transferred to ${turn.transfer.to}; brief for the desk: ${turn.transfer.brief})`);
        break;
      }
      if (turn.ended) {
        ended = true;
        break;
      }
    }
  } finally {
    rl.close();
  }
  const call = await endLiveCall(callDeps, workspaceId, callId, ended ? {} : { endReason: 'caller_hung_up' });
  say(`(call ${call.status}; summary:)\n${call.summary ?? ''}`);
  // With the model on, its own summary follows a moment after the call, when it passed the check (docs/agent.md).
  await deps.model?.drain();
  const modelSummary = deps.model
    ? ((await findCall(deps.db, workspaceId, callId))?.model_summary ?? null)
    : null;
  if (modelSummary !== null) say(`(the language model's summary:)\n${modelSummary}`);
  return 0;
}
