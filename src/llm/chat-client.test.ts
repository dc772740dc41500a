import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChatServer, startChatServer } from '../../test/support/chat-server.js';
import { ChatClient, type ChatRequest, type ChatSettings, isAzureUrl, retryAfterMs } from './chat-client.js';

let server: ChatServer;
beforeAll(async () => {
  server = await startChatServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.calls.length = 0;
});

function settings(over: Partial<ChatSettings> = {}): ChatSettings {
  return {
    baseUrl: server.url,
    apiKey: 'sk-test',
    model: 'test-model',
    azureApiVersion: null,
    jsonModeOnly: false,
    ...over,
  };
}

const request: ChatRequest<{ bedrooms: number }> = {
  system: 'Read the facts.',
  user: '"three bed semi"',
  schemaName: 'reading',
  schema: { type: 'object', properties: { bedrooms: { type: 'integer' } }, required: ['bedrooms'] },
  parse: (v) =>
    typeof v === 'object' && v !== null && typeof (v as { bedrooms?: unknown }).bedrooms === 'number'
      ? { bedrooms: (v as { bedrooms: number }).bedrooms }
      : null,
  budgetMs: 1_000,
  maxTokens: 200,
};

describe('ChatClient', () => {
  it('asks for a strict JSON schema with a bearer key and reads the answer and its tokens', async () => {
    server.script(() => ({ content: { bedrooms: 3 } }));
    const result = await new ChatClient(settings()).complete(request);
    expect(result).toMatchObject({ outcome: 'ok', value: { bedrooms: 3 }, retryAfterMs: null });
    expect(result.promptTokens).toBeGreaterThan(0);
    expect(result.completionTokens).toBeGreaterThan(0);
    const [call] = server.calls;
    expect(call?.url).toBe('/v1/chat/completions');
    expect(call?.headers.authorization).toBe('Bearer sk-test');
    expect(call?.body.model).toBe('test-model');
    expect(call?.body.max_tokens).toBe(200);
    expect(call?.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'reading', schema: request.schema, strict: true },
    });
  });

  it('falls back to JSON mode when the server refuses the schema, and remembers it', async () => {
    server.script((call) =>
      call.mode === 'json_schema'
        ? { status: 400, body: '{"error":{"message":"response_format json_schema is not supported"}}' }
        : { content: { bedrooms: 4 } },
    );
    const client = new ChatClient(settings());
    expect((await client.complete(request)).value).toEqual({ bedrooms: 4 });
    expect(await client.complete(request)).toMatchObject({ outcome: 'ok' });
    expect(server.calls.map((c) => c.mode)).toEqual(['json_schema', 'json_object', 'json_object']);
    // In JSON mode the schema travels in the prompt instead.
    expect(server.calls[1]?.system).toContain('"bedrooms"');
  });

  it('a 400 about something else is an error, not a fallback', async () => {
    server.script(() => ({ status: 400, body: '{"error":{"message":"model not found"}}' }));
    expect((await new ChatClient(settings()).complete(request)).outcome).toBe('error');
    expect(server.calls).toHaveLength(1);
  });

  it('gives up at the budget when the answer is slow', async () => {
    server.script(() => ({ content: { bedrooms: 3 }, delayMs: 2_000 }));
    const result = await new ChatClient(settings()).complete({ ...request, budgetMs: 100 });
    expect(result).toMatchObject({ outcome: 'timeout', value: null });
  });

  it('reports a 429 with its Retry-After, and keeps no pause of its own', async () => {
    server.script(() => ({ status: 429, headers: { 'retry-after': '30' } }));
    const client = new ChatClient(settings());
    expect(await client.complete(request)).toMatchObject({ outcome: 'rate_limited', retryAfterMs: 30_000 });
    // The pause is per workspace, in the database (language-model.ts): the client asks again.
    server.script(() => ({ content: { bedrooms: 2 } }));
    expect((await client.complete(request)).value).toEqual({ bedrooms: 2 });
    expect(server.calls).toHaveLength(2);
  });

  it('a server error, malformed JSON and the wrong shape are no reading', async () => {
    const client = new ChatClient(settings());
    server.script(() => ({ status: 500 }));
    expect((await client.complete(request)).outcome).toBe('error');
    server.script(() => ({ content: '{"bedrooms": 3' }));
    expect((await client.complete(request)).outcome).toBe('invalid');
    server.script(() => ({ content: { rooms: 'three' } }));
    const wrong = await client.complete(request);
    expect(wrong).toMatchObject({ outcome: 'invalid', value: null });
    // Tokens were spent all the same, and are counted.
    expect(wrong.promptTokens).toBeGreaterThan(0);
    server.script(() => ({ status: 200, body: 'not json at all' }));
    expect((await client.complete(request)).outcome).toBe('invalid');
  });

  it('reads JSON wrapped in a Markdown fence', async () => {
    server.script(() => ({ content: '```json\n{"bedrooms": 5}\n```' }));
    expect((await new ChatClient(settings()).complete(request)).value).toEqual({ bedrooms: 5 });
  });

  it('speaks Azure OpenAI: an api-key header and the api-version', async () => {
    server.script(() => ({ content: { bedrooms: 1 } }));
    await new ChatClient(settings({ azureApiVersion: '2024-10-21' })).complete(request);
    const [call] = server.calls;
    expect(call?.url).toBe('/v1/chat/completions?api-version=2024-10-21');
    expect(call?.headers['api-key']).toBe('sk-test');
    expect(call?.headers.authorization).toBeUndefined();
    expect(isAzureUrl('https://contoso.openai.azure.com/openai/deployments/gpt-4o-mini')).toBe(true);
    expect(isAzureUrl('https://api.openai.com/v1')).toBe(false);
  });

  it('a server that is not there is an error', async () => {
    const gone = await startChatServer();
    const url = gone.url;
    await gone.close();
    expect((await new ChatClient(settings({ baseUrl: url })).complete(request)).outcome).toBe('error');
  });

  it('reads Retry-After in seconds or as a date', () => {
    const now = Date.parse('2025-04-01T10:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2_000);
    expect(retryAfterMs('Tue, 01 Apr 2025 10:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs(null, now)).toBe(5_000);
  });
});
