/**
 * A real HTTP server on loopback speaking the chat-completions API, scripted per test: it stands
 * in for the language-model provider, which lies outside the machine. Each request is recorded;
 * the answer is whatever the test's script says (JSON content, an HTTP status, a delay).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type TranscriptReading, TranscriptReadingSchema } from '../../src/llm/reading-schema.js';

/** A reading of the whole transcript in which the model heard nothing: every fact null. */
export const NO_READING = Object.fromEntries(
  Object.keys(TranscriptReadingSchema.shape).map((key) => [key, null]),
) as { [K in keyof TranscriptReading]: null };

export interface ChatCall {
  url: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    max_tokens?: number;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict: boolean } };
  };
  /** The system message, for assertions on what the prompt holds. */
  system: string;
  /** The user message (the caller's words or the transcript). */
  user: string;
  mode: 'json_schema' | 'json_object' | 'none';
}

export type ChatAnswer =
  /** A completion whose message content is this (an object is sent as its JSON). */
  | { content: unknown; delayMs?: number }
  | { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

export type ChatScript = (call: ChatCall) => ChatAnswer;

export interface ChatServer {
  /** The base URL to give as LLM_BASE_URL. */
  url: string;
  calls: ChatCall[];
  /** Replaces the script: every later request is answered by it. */
  script(next: ChatScript): void;
  close(): Promise<void>;
}

/** Tokens as the fake counts them: one per four characters, as providers roughly do for English. */
export function fakeTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export async function startChatServer(initial: ChatScript = () => ({ content: {} })): Promise<ChatServer> {
  let script = initial;
  const calls: ChatCall[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: ChatCall['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCall['body'];
      } catch {
        res.writeHead(400).end('{"error":{"message":"bad json"}}');
        return;
      }
      const messages = Array.isArray(body.messages) ? body.messages : [];
      const type = body.response_format?.type;
      const call: ChatCall = {
        url: req.url ?? '',
        headers: req.headers,
        body,
        system: messages.find((m) => m.role === 'system')?.content ?? '',
        user: messages.find((m) => m.role === 'user')?.content ?? '',
        mode: type === 'json_schema' || type === 'json_object' ? type : 'none',
      };
      calls.push(call);
      const answer = script(call);
      const send = (): void => {
        if (res.destroyed) return;
        if ('status' in answer) {
          res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
          res.end(answer.body ?? '{"error":{"message":"scripted failure"}}');
          return;
        }
        const content = typeof answer.content === 'string' ? answer.content : JSON.stringify(answer.content);
        const prompt = messages.map((m) => m.content).join('\n');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-${calls.length}`,
            object: 'chat.completion',
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: {
              prompt_tokens: fakeTokens(prompt),
              completion_tokens: fakeTokens(content),
              total_tokens: fakeTokens(prompt) + fakeTokens(content),
            },
          }),
        );
      };
      if (answer.delayMs === undefined) send();
      else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, answer.delayMs);
        timers.add(timer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    script(next) {
      script = next;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
