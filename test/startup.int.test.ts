import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from './support/built-cli.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'callagent-start-'));
  dirs.push(d);
  return d;
}

const CLI = [CLI_ENTRY];
const cleanEnv = () => {
  const env = { ...process.env };
  for (const k of Object.keys(env))
    if (k.startsWith('BOOTSTRAP_') || k === 'DATABASE_URL' || k === 'PORT') delete env[k];
  return env;
};

/** Starts `callagent serve` on a free port and resolves with its base URL and everything it printed. */
function serve(
  env: Record<string, string>,
): Promise<{ url: string; output: () => string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...CLI, 'serve'], {
    env: { ...cleanEnv(), PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/[^\s"]+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1], output: () => output, child });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
}

// Each test starts whole processes (a server, the command line) on a fresh embedded database, one
// after another; on a loaded machine that takes far longer than an ordinary test.
describe('callagent serve on the embedded database', { timeout: 120_000 }, () => {
  it('starts on a fresh data directory, is ready, and explains how to create the first owner', async () => {
    const { url, output, child } = await serve({ DATA_DIR: tempDir() });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(output()).toMatch(/No users yet/);
    expect(output()).toMatch(/workspace create/);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  });

  it('creates the bootstrap owner on first start, who can then sign in', async () => {
    const dir = tempDir();
    const env = {
      DATA_DIR: dir,
      BOOTSTRAP_OWNER_EMAIL: 'boss@example.test',
      BOOTSTRAP_OWNER_PASSWORD: 'a long enough password',
    };
    const { url, output, child } = await serve(env);
    expect(output()).not.toMatch(/No users yet/);
    const res = await fetch(`${url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boss@example.test', password: 'a long enough password' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { role: 'owner' }, workspace: { name: 'My workspace' } });
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    // A second start with the same variables keeps the one owner and prints nothing about it.
    const again = await serve(env);
    expect(again.output()).not.toMatch(/No users yet/);
    again.child.kill('SIGTERM');
  });

  it('keeps the embedded database to one process: a second one is refused with a clear line', async () => {
    const dir = tempDir();
    const { child } = await serve({ DATA_DIR: dir });
    const args = [...CLI, 'workspace', 'create', '--email', 'second@example.test', '--workspace', 'Second'];
    const res = spawnSync(process.execPath, args, {
      env: { ...cleanEnv(), DATA_DIR: dir, CALLAGENT_PASSWORD: 'a long enough password' },
    });
    expect(res.status).toBe(1);
    expect(res.stderr.toString()).toMatch(/in use by another callagent process \(pid \d+\)/);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    // Once the server has stopped, the same command works.
    const after = spawnSync(process.execPath, args, {
      env: { ...cleanEnv(), DATA_DIR: dir, CALLAGENT_PASSWORD: 'a long enough password' },
    });
    expect(after.stdout.toString()).toMatch(/Created second@example.test/);
  });

  it('refuses to start with one clear line naming a bad variable', () => {
    const res = spawnSync(process.execPath, [...CLI, 'serve'], {
      env: { ...cleanEnv(), PORT: 'eighty', DATA_DIR: tempDir() },
    });
    expect(res.status).toBe(1);
    expect(res.stderr.toString().trim()).toMatch(/^callagent: Invalid PORT: [^\n]+$/);
  });

  it('creates an owner and workspace from the command line', () => {
    const dir = tempDir();
    const args = [
      ...CLI,
      'workspace',
      'create',
      '--email',
      'cli@example.test',
      '--name',
      'Cli User',
      '--workspace',
      'Acme Homes',
    ];
    const env = { ...cleanEnv(), DATA_DIR: dir, CALLAGENT_PASSWORD: 'another long password' };
    const res = spawnSync(process.execPath, args, { env });
    expect(res.stdout.toString()).toMatch(/Created cli@example.test as owner of workspace ws_/);
    const dup = spawnSync(process.execPath, args, { env });
    expect(dup.status).toBe(1);
    expect(dup.stderr.toString()).toMatch(/already exists/);
  });
});
