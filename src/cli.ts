import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { normalisePhone } from './lib/phone.js';

// The command line. Commands load what they need only when they run, so `--help` and a usage
// error answer at once and a mistyped command costs no database start.

function phoneOption(value: string): string {
  const e164 = normalisePhone(value);
  if (e164 === null) {
    throw new InvalidArgumentError('not a phone number: give one such as 07700 900123 or +44 7700 900123');
  }
  return e164;
}

function buildProgram(): Command {
  const program = new Command('callagent')
    .description('The voice agent that answers the phone for property-acquisition businesses.')
    .showHelpAfterError('(callagent --help lists the commands)')
    .showSuggestionAfterError()
    .allowExcessArguments(false)
    // Inherited by every command added below: errors and help come back here instead of exiting.
    .exitOverride();
  program
    .command('serve')
    .description('run the API, telephony webhooks, the webhook delivery worker and the message sender')
    .option('--no-worker', 'leave webhook delivery and messages to separate `callagent worker` processes')
    .action(async (options: { worker: boolean }) => {
      const { serve } = await import('./main.js');
      await serve({ withWorker: options.worker });
    });
  program
    .command('worker')
    .description('deliver webhooks and send texts and email only (PostgreSQL: run as many as you like)')
    .action(async () => {
      const { runWorker } = await import('./main.js');
      await runWorker();
    });
  program
    .command('migrate')
    .description('apply database migrations and exit')
    .action(async () => {
      const { migrateOnly } = await import('./cli-commands.js');
      await migrateOnly();
    });
  const workspace = program.command('workspace').description('manage workspaces');
  workspace
    .command('create')
    .description('create an owner and a workspace (password from CALLAGENT_PASSWORD, or asked for)')
    .requiredOption('--email <email>', "the owner's email address")
    .requiredOption('--workspace <name>', "the workspace's name")
    .option('--name <name>', "the owner's name (default: the email's local part)")
    .action(async (options: { email: string; workspace: string; name?: string }) => {
      const { createWorkspace } = await import('./cli-commands.js');
      await createWorkspace(options);
    });
  program
    .command('call')
    .description('talk to the agent in the terminal (an empty line is silence, /hangup ends the call)')
    .option('--workspace <id>', 'the workspace (default: the first one)')
    .option('--from <phone>', "the caller's number", phoneOption, '+447700900000')
    .option('--draft', 'try the draft configuration; records nothing')
    .action(async (options: { workspace?: string; from: string; draft?: boolean }) => {
      const { terminalCall } = await import('./cli-commands.js');
      await terminalCall(options);
    });
  return program;
}

/** Runs the command line; usage errors exit 2 with the usage, `--help` exits 0. */
export async function runCli(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    process.exit(error.exitCode === 0 ? 0 : 2);
  }
}

await runCli(process.argv.slice(2));
