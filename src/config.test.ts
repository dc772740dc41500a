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
      LOG_LEVEL: 'info',
      BOOTSTRAP_WORKSPACE_NAME: 'My workspace',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('parses lists and booleans', () => {
    const c = loadConfig({
      CORS_ORIGINS: 'https://a.example, https://b.example/',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    expect(c.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(c.WEBHOOK_ALLOW_PRIVATE_NETWORKS).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ CORS_ORIGINS: '*' }, 'CORS_ORIGINS'],
    [{ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'yes please' }, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
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
