import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has the contract’s defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      CORS_ORIGINS: [],
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: false,
      TWILIO_API_URL: 'https://api.twilio.com',
      LOG_LEVEL: 'info',
      BOOTSTRAP_WORKSPACE_NAME: 'My workspace',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('leaves the language model off unless a base URL and a model are set', () => {
    const off = loadConfig({});
    expect(off.LLM_BASE_URL).toBeUndefined();
    expect(off.LLM_TURN_BUDGET_MS).toBe(1200);
    expect(off.LLM_MAX_CALLS_PER_WORKSPACE_PER_DAY).toBe(500);
    const on = loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.2' });
    expect(on).toMatchObject({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.2' });
  });

  it('parses lists and booleans', () => {
    const c = loadConfig({
      CORS_ORIGINS: 'https://a.example, https://b.example/',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    expect(c.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(c.WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe(true);
  });

  it('prepares statements on PostgreSQL unless told not to', () => {
    expect(loadConfig({}).DATABASE_PREPARED_STATEMENTS).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).DATABASE_PREPARED_STATEMENTS).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '0' }).DATABASE_PREPARED_STATEMENTS).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'true' }).DATABASE_PREPARED_STATEMENTS).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ CORS_ORIGINS: '*' }, 'CORS_ORIGINS'],
    [{ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'yes please' }, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'],
    [{ DATABASE_PREPARED_STATEMENTS: 'maybe' }, 'DATABASE_PREPARED_STATEMENTS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TWILIO_API_URL: 'http://api.twilio.com' }, 'TWILIO_API_URL'],
    [{ LLM_BASE_URL: 'ftp://models.example', LLM_MODEL: 'm' }, 'LLM_BASE_URL'],
    [{ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' }, 'LLM_MODEL'],
    [{ LLM_MODEL: 'llama3.2' }, 'LLM_BASE_URL'],
    [{ LLM_TURN_BUDGET_MS: '50' }, 'LLM_TURN_BUDGET_MS'],
    [{ LLM_AZURE_API_VERSION: 'latest' }, 'LLM_AZURE_API_VERSION'],
    [{ LLM_MAX_CALLS_PER_WORKSPACE_PER_DAY: '0' }, 'LLM_MAX_CALLS_PER_WORKSPACE_PER_DAY'],
    [{ SECRETS_KEY: 'short' }, 'SECRETS_KEY'],
    [{ BOOTSTRAP_OWNER_EMAIL: 'owner@example.com' }, 'BOOTSTRAP_OWNER_PASSWORD'],
    [
      { BOOTSTRAP_OWNER_EMAIL: 'not-an-email', BOOTSTRAP_OWNER_PASSWORD: 'long enough password' },
      'BOOTSTRAP_OWNER_EMAIL',
    ],
    [
      { BOOTSTRAP_OWNER_EMAIL: 'o@example.com', BOOTSTRAP_OWNER_PASSWORD: 'short' },
      'BOOTSTRAP_OWNER_PASSWORD',
    ],
  ])('refuses %j with one line naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid ${name}: [^\\n]+$`));
  });
});
