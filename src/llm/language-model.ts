/**
 * The optional language model (docs/agent.md, "The language model"): off unless LLM_BASE_URL and
 * LLM_MODEL are set and the workspace's agent configuration turns it on. Every request is capped
 * (per call, per workspace a day under the operator's ceiling), paused per workspace after a 429,
 * bounded in time, recorded on its call and counted in the metrics; whatever goes wrong, the
 * answer is "no reading" and the rules' answer stands.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database, Queryable } from '../db/client.js';
import type { CallState, ModelReading } from '../dialog/engine/types.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { modelLatency, modelRequests, modelTokens } from '../metrics/registry.js';
import type { AgentConfig } from '../modules/agent/agent-config.js';
import type { TurnRow } from '../modules/calls/calls.repo.js';
import { ChatClient, type ChatRequest, isAzureUrl } from './chat-client.js';
import { insertModelCall, type ModelPurpose, pauseModel, reserveModelRequest } from './model-calls.repo.js';
import { turnPrompt } from './prompts.js';
import {
  isEmptyReading,
  parseWith,
  TurnReadingSchema,
  toEngineReading,
  wireSchema,
} from './reading-schema.js';

export interface LanguageModelDeps {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
}

/** Tokens a turn's answer may take: a reading is a small object. */
const TURN_MAX_TOKENS = 300;
/** Requests kept back from the per-call cap for the summary and the audit. */
const AFTER_CALL_REQUESTS = 2;

const TURN_SCHEMA = wireSchema(TurnReadingSchema);
const parseTurn = parseWith(TurnReadingSchema);

/** The agent configuration's switch; a configuration saved before it existed is off. */
export function modelSwitch(agent: AgentConfig): { enabled: boolean; max_calls_per_day: number } {
  const partial: Partial<AgentConfig> = agent;
  return partial.language_model ?? { enabled: false, max_calls_per_day: 0 };
}

export interface Ask<T> extends Pick<ChatRequest<T>, 'system' | 'user' | 'schemaName' | 'schema' | 'parse'> {
  maxTokens: number;
}

export class LanguageModel {
  private readonly client: ChatClient;
  private readonly pending = new Set<Promise<void>>();

  constructor(readonly deps: LanguageModelDeps) {
    const { config } = deps;
    const baseUrl = config.LLM_BASE_URL ?? '';
    const azure = config.LLM_AZURE_API_VERSION ?? (isAzureUrl(baseUrl) ? '2024-10-21' : null);
    this.client = new ChatClient(
      {
        baseUrl,
        apiKey: config.LLM_API_KEY,
        model: config.LLM_MODEL ?? '',
        azureApiVersion: azure,
        jsonModeOnly: config.LLM_RESPONSE_FORMAT === 'json_object',
      },
      () => deps.clock.now().getTime(),
    );
  }

  enabledFor(agent: AgentConfig): boolean {
    return modelSwitch(agent).enabled;
  }

  /**
   * One request for a call, within its caps and budget; recorded and counted. Null: no answer
   * (off for the workspace, over a cap, or any failure of the provider).
   */
  async ask<T>(
    call: { workspaceId: string; callId: string; agent: AgentConfig },
    purpose: ModelPurpose,
    ask: Ask<T>,
    db: Queryable = this.deps.db,
  ): Promise<T | null> {
    const { config, clock } = this.deps;
    const limits = modelSwitch(call.agent);
    if (!limits.enabled) return null;
    // Over a cap, or paused by a 429: the call goes on with the rules alone, as with the model off.
    const reserved = await reserveModelRequest(db, {
      workspaceId: call.workspaceId,
      callId: call.callId,
      now: clock.now(),
      dailyCap: Math.min(limits.max_calls_per_day, config.LLM_MAX_CALLS_PER_WORKSPACE_PER_DAY),
      callRequests: config.LLM_MAX_CALLS_PER_CALL - (purpose === 'turn' ? AFTER_CALL_REQUESTS : 0),
      callTokens: config.LLM_MAX_TOKENS_PER_CALL,
    });
    if (!reserved) return null;
    const budgetMs = purpose === 'turn' ? config.LLM_TURN_BUDGET_MS : config.LLM_AFTER_CALL_BUDGET_MS;
    const result = await this.client.complete({ ...ask, budgetMs });
    if (result.retryAfterMs !== null) await this.pause(call, result.retryAfterMs, db);
    modelRequests.inc({ purpose, outcome: result.outcome });
    modelLatency.observe({ purpose }, result.latencyMs / 1000);
    modelTokens.inc({ purpose, kind: 'prompt' }, result.promptTokens);
    modelTokens.inc({ purpose, kind: 'completion' }, result.completionTokens);
    const at = clock.now();
    await insertModelCall(db, {
      workspace_id: call.workspaceId,
      id: newId('mdl', at.getTime()),
      call_id: call.callId,
      purpose,
      outcome: result.outcome,
      latency_ms: result.latencyMs,
      prompt_tokens: result.promptTokens,
      completion_tokens: result.completionTokens,
      created_at: at,
    });
    if (result.outcome !== 'ok') {
      this.deps.logger.warn(
        { call_id: call.callId, purpose, outcome: result.outcome },
        'language model: no answer',
      );
    }
    return result.value;
  }

  /**
   * A 429 answered to a call of this workspace pauses this workspace alone, in the database so
   * that every instance honours it: another tenant's traffic says nothing about this one's.
   */
  private async pause(
    call: { workspaceId: string; callId: string },
    retryAfterMs: number,
    db: Queryable,
  ): Promise<void> {
    const until = new Date(this.deps.clock.now().getTime() + retryAfterMs);
    await pauseModel(db, call.workspaceId, until);
    this.deps.logger.warn(
      { workspace_id: call.workspaceId, call_id: call.callId, paused_until: until.toISOString() },
      'language model: rate limited, paused for this workspace',
    );
  }

  /** The model's reading of one utterance in its context, or null. */
  async readTurn(
    call: { workspaceId: string; callId: string; agent: AgentConfig },
    state: CallState,
    tail: readonly TurnRow[],
    text: string,
  ): Promise<ModelReading | null> {
    const prompt = turnPrompt(call.agent, state, tail, text);
    const reading = await this.ask(call, 'turn', {
      ...prompt,
      schemaName: 'caller_reading',
      schema: TURN_SCHEMA,
      parse: parseTurn,
      maxTokens: TURN_MAX_TOKENS,
    });
    if (reading === null) return null;
    const engine = toEngineReading(reading);
    return isEmptyReading(engine) ? null : engine;
  }

  /** Runs after-call work in the background, so the call's end waits for nothing. */
  schedule(work: () => Promise<void>): void {
    const running: Promise<void> = work()
      .catch((error: unknown) =>
        this.deps.logger.error({ err: error }, 'language model: after-call work failed'),
      )
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Waits for the after-call work in flight (at a stop, and in tests). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

/** The process's model, or null when the environment does not configure one. */
export function createLanguageModel(deps: LanguageModelDeps): LanguageModel | null {
  return deps.config.LLM_BASE_URL === undefined ? null : new LanguageModel(deps);
}
