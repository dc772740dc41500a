/**
 * A client of the OpenAI-compatible chat-completions API (OpenAI, Azure OpenAI, Groq, Ollama,
 * vLLM, llama.cpp). It asks for one JSON object, within a hard time budget, and never throws:
 * every failure of the provider becomes an outcome, so the caller's rule-based answer stands. A
 * 429 is reported with its wait; whom it pauses is the caller's to decide (language-model.ts).
 */

export type ChatOutcome = 'ok' | 'timeout' | 'error' | 'rate_limited' | 'invalid';

export interface ChatSettings {
  /** Ends before /chat/completions, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Azure OpenAI: an `api-key` header and `?api-version=`; the deployment is in the base URL. */
  azureApiVersion: string | null;
  /** Start in JSON mode, for servers known not to take a JSON schema. */
  jsonModeOnly: boolean;
}

export interface ChatRequest<T> {
  system: string;
  /** The caller's words or the transcript: data, never instructions. */
  user: string;
  schemaName: string;
  /** The JSON schema of the answer; sent as the response format, or quoted in the prompt in JSON mode. */
  schema: Record<string, unknown>;
  /** Checks the answer's shape; null: it is not what was asked for. */
  parse: (value: unknown) => T | null;
  budgetMs: number;
  maxTokens: number;
}

export interface ChatResult<T> {
  outcome: ChatOutcome;
  value: T | null;
  latencyMs: number;
  promptTokens: number;
  completionTokens: number;
  /** A 429's Retry-After in milliseconds (5 s when it named none); null for any other answer. */
  retryAfterMs: number | null;
}

/** When a 429 names no wait, the provider is left alone this long. */
const DEFAULT_RETRY_AFTER_MS = 5_000;

export function isAzureUrl(baseUrl: string): boolean {
  return /\.openai\.azure\.com$/i.test(new URL(baseUrl).hostname);
}

export class ChatClient {
  /** Learnt per process: this server refused a JSON-schema response format once. */
  private jsonModeOnly: boolean;

  constructor(
    private readonly settings: ChatSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.jsonModeOnly = settings.jsonModeOnly;
  }

  async complete<T>(request: ChatRequest<T>): Promise<ChatResult<T>> {
    const started = performance.now();
    const done = (outcome: ChatOutcome, extra: Partial<ChatResult<T>> = {}): ChatResult<T> => ({
      outcome,
      value: null,
      latencyMs: Math.round(performance.now() - started),
      promptTokens: 0,
      completionTokens: 0,
      retryAfterMs: null,
      ...extra,
    });
    const signal = AbortSignal.timeout(request.budgetMs);
    try {
      let res = await this.post(request, signal);
      if (res.status === 400 && !this.jsonModeOnly && refusesSchema(await res.clone().text())) {
        this.jsonModeOnly = true;
        res = await this.post(request, signal);
      }
      if (res.status === 429) {
        await res.body?.cancel();
        return done('rate_limited', {
          retryAfterMs: retryAfterMs(res.headers.get('retry-after'), this.now()),
        });
      }
      if (!res.ok) {
        await res.body?.cancel();
        return done('error');
      }
      return this.read(request, (await res.json()) as unknown, done);
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') return done('timeout');
      // A body that is not JSON is a broken answer; anything else is the connection.
      return done(error instanceof SyntaxError ? 'invalid' : 'error');
    }
  }

  private read<T>(
    request: ChatRequest<T>,
    body: unknown,
    done: (outcome: ChatOutcome, extra?: Partial<ChatResult<T>>) => ChatResult<T>,
  ): ChatResult<T> {
    const usage = (body as { usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } }).usage;
    const tokens = {
      promptTokens: count(usage?.prompt_tokens),
      completionTokens: count(usage?.completion_tokens),
    };
    const content = (body as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message
      ?.content;
    if (typeof content !== 'string') return done('invalid', tokens);
    let parsed: unknown;
    try {
      parsed = JSON.parse(stripFence(content));
    } catch {
      return done('invalid', tokens);
    }
    const value = request.parse(parsed);
    return value === null ? done('invalid', tokens) : done('ok', { ...tokens, value });
  }

  private post<T>(request: ChatRequest<T>, signal: AbortSignal): Promise<Response> {
    const { baseUrl, apiKey, model, azureApiVersion } = this.settings;
    const base = baseUrl.replace(/\/+$/, '');
    const url =
      azureApiVersion === null
        ? `${base}/chat/completions`
        : `${base}/chat/completions?api-version=${encodeURIComponent(azureApiVersion)}`;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (apiKey !== undefined) {
      if (azureApiVersion === null) headers.authorization = `Bearer ${apiKey}`;
      else headers['api-key'] = apiKey;
    }
    const jsonMode = this.jsonModeOnly;
    const system = jsonMode
      ? `${request.system}\n\nAnswer with one JSON object only, matching this JSON schema:\n${JSON.stringify(request.schema)}`
      : request.system;
    const body = {
      model,
      temperature: 0,
      max_tokens: request.maxTokens,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: request.user },
      ],
      response_format: jsonMode
        ? { type: 'json_object' }
        : {
            type: 'json_schema',
            json_schema: { name: request.schemaName, schema: request.schema, strict: true },
          },
    };
    return fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  }
}

/** A 400 that blames the response format: the server takes JSON mode but not a schema. */
function refusesSchema(body: string): boolean {
  return /response_format|json_schema/i.test(body);
}

/** Retry-After in seconds or as an HTTP date. */
export function retryAfterMs(header: string | null, now: number): number {
  if (header === null || header.trim() === '') return DEFAULT_RETRY_AFTER_MS;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, at - now);
}

/** Some local models wrap JSON in a Markdown fence even in JSON mode. */
function stripFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(content);
  return fenced?.[1] ?? content;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}
