import { read } from 'read';
import { ApiError } from './http/errors.js';
import { createLogger } from './http/logger.js';
import { systemClock } from './lib/clock.js';
import { runTerminalCall } from './live-call/terminal-call.js';
import { createLanguageModel } from './llm/language-model.js';
import { configOrExit, openStoreOrExit } from './main.js';
import { findWorkspace } from './modules/workspaces/workspaces.repo.js';
import { createOwnerAndWorkspace } from './modules/workspaces/workspaces.service.js';

// The one-shot commands. Each opens the database first, so a data directory held by a running
// service is reported before anything is asked or done.

function fail(message: string): void {
  process.stderr.write(`callagent: ${message}\n`);
  process.exitCode = 1;
}

export async function migrateOnly(): Promise<void> {
  const config = configOrExit();
  const store = await openStoreOrExit(config, createLogger('warn'));
  await store.close();
  process.stdout.write('callagent: migrations applied\n');
}

/** The password, from CALLAGENT_PASSWORD or typed without echo. */
async function askPassword(): Promise<string> {
  const fromEnv = process.env.CALLAGENT_PASSWORD;
  if (fromEnv) return fromEnv;
  const typed = await read({ prompt: 'Password (at least 12 characters): ', silent: true, replace: '' });
  return typed.trim();
}

export async function createWorkspace(options: { email: string; workspace: string; name?: string }) {
  const config = configOrExit();
  const store = await openStoreOrExit(config, createLogger('warn'));
  try {
    const password = await askPassword();
    if (password.length < 12) return fail('the password must be at least 12 characters');
    const created = await createOwnerAndWorkspace(store.db, systemClock, {
      email: options.email,
      password,
      name: options.name,
      workspaceName: options.workspace,
    });
    process.stdout.write(
      `Created ${options.email} as owner of workspace ${created.workspaceId}. Sign in at ${config.PUBLIC_URL}\n`,
    );
  } catch (error) {
    if (error instanceof ApiError) return fail(error.message);
    // Ctrl-C or Ctrl-D at the prompt.
    if (error instanceof Error && /canceled|cancelled/i.test(error.message)) return fail('cancelled');
    throw error;
  } finally {
    await store.close();
  }
}

export async function terminalCall(options: { workspace?: string; from: string; draft?: boolean }) {
  const config = configOrExit();
  const logger = createLogger('warn');
  const store = await openStoreOrExit(config, logger);
  try {
    if (options.workspace !== undefined && !(await findWorkspace(store.db, options.workspace))) {
      return fail(`no workspace ${options.workspace} (callagent workspace create makes one)`);
    }
    const args = ['--from', options.from];
    if (options.workspace !== undefined) args.push('--workspace', options.workspace);
    if (options.draft) args.push('--draft');
    process.exitCode = await runTerminalCall(
      args,
      {
        db: store.db,
        clock: systemClock,
        model: createLanguageModel({ config, db: store.db, clock: systemClock, logger }),
      },
      { input: process.stdin, output: process.stdout },
    );
  } catch (error) {
    if (error instanceof ApiError) return fail(error.message);
    throw error;
  } finally {
    await store.close();
  }
}
