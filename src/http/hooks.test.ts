import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { requestHook, sendHook } from './hooks.js';

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** An app whose one route counts how often its handler ran. */
function appWithRoute(): { app: FastifyInstance; handled: () => number } {
  const instance = Fastify();
  app = instance;
  let handled = 0;
  instance.get('/', async () => {
    handled += 1;
    return { ok: true };
  });
  return { app: instance, handled: () => handled };
}

describe('request hooks', () => {
  it('go on at once when they return nothing, and after the promise when they return one', async () => {
    const { app, handled } = appWithRoute();
    const order: string[] = [];
    app.addHook(
      'onRequest',
      requestHook(() => {
        order.push('sync');
      }),
    );
    app.addHook(
      'preHandler',
      requestHook(async () => {
        await new Promise((resolve) => setImmediate(resolve));
        order.push('async');
      }),
    );
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(order).toEqual(['sync', 'async']);
    expect(handled()).toBe(1);
  });

  it('turn a throw or a rejection into the request’s error', async () => {
    const { app, handled } = appWithRoute();
    app.addHook(
      'onRequest',
      requestHook((request) => {
        if (request.headers['x-fail'] === 'sync') throw Object.assign(new Error('no'), { statusCode: 418 });
        if (request.headers['x-fail'] === 'async') {
          return Promise.reject(Object.assign(new Error('later'), { statusCode: 409 }));
        }
      }),
    );
    expect((await app.inject({ url: '/', headers: { 'x-fail': 'sync' } })).statusCode).toBe(418);
    expect((await app.inject({ url: '/', headers: { 'x-fail': 'async' } })).statusCode).toBe(409);
    expect(handled()).toBe(0);
  });

  it('stop the chain when they answer themselves, even while the answer is still being sent', async () => {
    const { app, handled } = appWithRoute();
    // An onSend that waits: the reply is not yet written when the hook's promise resolves.
    app.addHook(
      'onSend',
      sendHook(async (_request, _reply, payload) => {
        await new Promise((resolve) => setImmediate(resolve));
        return payload;
      }),
    );
    app.addHook(
      'preHandler',
      requestHook(async (request, reply) => {
        await new Promise((resolve) => setImmediate(resolve));
        if (request.headers['x-replay'] !== undefined) return reply.code(200).send({ replayed: true });
        return undefined;
      }),
    );
    const replayed = await app.inject({ url: '/', headers: { 'x-replay': '1' } });
    expect(replayed.json()).toEqual({ replayed: true });
    expect(handled()).toBe(0);
    expect((await app.inject({ url: '/' })).json()).toEqual({ ok: true });
    expect(handled()).toBe(1);
  });
});

describe('send hooks', () => {
  it('replace the payload at once or when their promise settles', async () => {
    const { app } = appWithRoute();
    app.addHook(
      'onSend',
      sendHook((request, _reply, payload) => {
        if (request.headers['x-later'] !== undefined) return Promise.resolve(`${String(payload)} `);
        return payload;
      }),
    );
    app.addHook(
      'onSend',
      sendHook((_request, _reply, payload) => String(payload).replace('true', 'false')),
    );
    expect((await app.inject({ url: '/' })).body).toBe('{"ok":false}');
    expect((await app.inject({ url: '/', headers: { 'x-later': '1' } })).body).toBe('{"ok":false} ');
  });

  it('turn a rejection into the request’s error', async () => {
    const { app } = appWithRoute();
    app.addHook(
      'onSend',
      sendHook((_request, reply) => {
        if (reply.statusCode === 200)
          return Promise.reject(Object.assign(new Error('no'), { statusCode: 401 }));
        return undefined;
      }),
    );
    expect((await app.inject({ url: '/' })).statusCode).toBe(401);
  });
});
