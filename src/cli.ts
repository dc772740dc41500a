import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { runTerminalCall } from './call-session/terminal-call.js';
import { ApiError } from './http/errors.js';
import { systemClock } from './lib/clock.js';
import { configOrExit, openMigratedDatabase, runWorker, serve } from './main.js';
import { createOwnerAndWorkspace } from './modules/workspaces/workspaces.service.js';

const USAGE = `Usage: callagent <command>

Commands:
  serve [--no-worker]         run the API, telephony webhooks and the webhook delivery
                              worker (default); --no-worker leaves deliveries to
                              separate \`callagent worker\` processes
  worker                      deliver webhooks only (PostgreSQL: run as many as
                              you like; embedded database: only while no serve runs)
  migrate                     apply database migrations and exit
  workspace create --email E --name N --workspace W
                              create an owner and a workspace (password from
                              CALLAGENT_PASSWORD or asked for)
  call [--workspace W] [--from +44...] [--draft]
                              talk to the agent in the terminal (an empty line
                              is silence, /hangup ends the call)
`;

async function terminalCall(args: string[]): Promise<void> {
  const config = configOrExit();
  const db = await openMigratedDatabase(config);
  try {
    process.exitCode = await runTerminalCall(
      args,
      { db, clock: systemClock },
      { input: process.stdin, output: process.stdout },
    );
  } finally {
    await db.close();
  }
}

async function migrateOnly(): Promise<void> {
  const config = configOrExit();
  const db = await openMigratedDatabase(config);
  await db.close();
  process.stdout.write('callagent: migrations applied\n');
}

async function askPassword(): Promise<string> {
  const fromEnv = process.env.CALLAGENT_PASSWORD;
  if (fromEnv) return fromEnv;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question('Password (at least 12 characters): ')).trim();
  } finally {
    rl.close();
  }
}

async function createWorkspace(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, name: { type: 'string' }, workspace: { type: 'string' } },
  });
  if (!values.email || !values.workspace) {
    process.stderr.write(USAGE);
    process.exit(2);
  }
  const password = await askPassword();
  if (password.length < 12) {
    process.stderr.write('callagent: the password must be at least 12 characters\n');
    process.exit(2);
  }
  const config = configOrExit();
  const db = await openMigratedDatabase(config);
  try {
    const created = await createOwnerAndWorkspace(db, systemClock, {
      email: values.email,
      password,
      name: values.name ?? values.email.split('@')[0] ?? values.email,
      workspaceName: values.workspace,
    });
    process.stdout.write(
      `Created ${values.email} as owner of workspace ${created.workspaceId}. Sign in at ${config.PUBLIC_URL}\n`,
    );
  } catch (error) {
    if (error instanceof ApiError) {
      process.stderr.write(`callagent: ${error.message}\n`);
      process.exitCode = 1;
    } else throw error;
  } finally {
    await db.close();
  }
}

export async function runCli(argv: string[]): Promise<void> {
  const [command = 'serve', ...rest] = argv;
  if (command === 'serve') return serve({ withWorker: !rest.includes('--no-worker') });
  if (command === 'worker') return runWorker();
  if (command === 'migrate') return migrateOnly();
  if (command === 'call') return terminalCall(rest);
  if (command === 'workspace' && rest[0] === 'create') return createWorkspace(rest.slice(1));
  process.stderr.write(USAGE);
  process.exit(command === 'help' || command === '--help' ? 0 : 2);
}

await runCli(process.argv.slice(2));
