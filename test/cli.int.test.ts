import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY } from './support/built-cli.js';

// The command line as a person meets it: usage instead of stack traces, help on every command,
// arguments checked before any work, the data directory's lock before any question, and a
// password prompt that does not echo.

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function scratch(): string {
  const d = mkdtempSync(join(tmpdir(), 'callagent-cli-'));
  dirs.push(d);
  return d;
}

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const k of Object.keys(base)) {
    if (/^(BOOTSTRAP_|DATABASE_URL$|DATA_DIR$|CALLAGENT_PASSWORD$|npm_)/.test(k)) delete base[k];
  }
  return { ...base, ...extra };
}

function cli(args: string[], extra: Record<string, string> = {}) {
  return spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    env: env(extra),
    encoding: 'utf8',
    timeout: 30_000,
  });
}

const NO_STACK = /^\s+at /m;

describe('usage errors', () => {
  it.each([
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['serve', '--bogus'], /unknown option '--bogus'/],
    [
      ['workspace', 'create', '--email', 'a@example.test'],
      /required option '--workspace <name>' not specified/,
    ],
    [['migrate', 'extra'], /too many arguments/],
  ])('%j prints the problem and where to look, exit 2', (args, problem) => {
    const res = cli(args, { DATA_DIR: join(scratch(), 'untouched') });
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(problem);
    expect(res.stderr).toMatch(/callagent --help/);
    expect(res.stderr).not.toMatch(NO_STACK);
  });

  it('refuses a caller number that is not one, before opening anything', () => {
    const dir = join(scratch(), 'untouched');
    const res = cli(['call', '--from', 'hello'], { DATA_DIR: dir });
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/'hello' is invalid\. not a phone number: give one such as 07700 900123/);
    expect(existsSync(dir)).toBe(false);
  });
});

describe('help', () => {
  it.each([
    [[]],
    [['serve']],
    [['worker']],
    [['migrate']],
    [['workspace']],
    [['workspace', 'create']],
    [['call']],
  ])('%j --help prints usage and exits 0', (command) => {
    const res = cli([...command, '--help']);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^Usage: callagent ${command.join(' ')}`.replace(/ $/, '')));
  });
});

describe('workspace create', () => {
  it('reports a data directory held by another process before asking for the password', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'callagent.lock'), String(process.pid));
    const child = spawn(
      process.execPath,
      [CLI_ENTRY, 'workspace', 'create', '--email', 'a@example.test', '--workspace', 'A'],
      {
        env: env({ DATA_DIR: dir }),
      },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    // stdin stays open: a prompt would wait for ever, and the test would time out.
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(out).toMatch(/in use by another callagent process/);
    expect(out).not.toMatch(/Password/);
  });

  it('asks for the password on a terminal without echoing it', async () => {
    const dir = scratch();
    const password = 'typed but never shown 42';
    const command = `"${process.execPath}" "${CLI_ENTRY}" workspace create --email tty@example.test --workspace Tty`;
    // script(1) gives the command a pseudo-terminal, whose line discipline would echo typed keys.
    const child = spawn('script', ['-qfec', command, '/dev/null'], { env: env({ DATA_DIR: dir }) });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (/Password/.test(out) && !child.stdin.writableEnded) child.stdin.end(`${password}\r`);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(out).toMatch(/Created tty@example.test as owner of workspace ws_/);
    expect(code).toBe(0);
    expect(out).not.toContain(password);
  });
});
