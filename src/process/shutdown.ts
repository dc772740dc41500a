import type { Logger } from 'pino';

/** What /readyz reads: true from the first stop signal on, so load balancers stop sending work. */
export interface Readiness {
  draining: boolean;
}

export interface StopPlan {
  /** How long /readyz answers 503 while everything still serves, before the listener closes. */
  drainDelayMs: number;
  /** The longest a stop may take; past it the process exits with what is left unfinished. */
  timeoutMs: number;
  /** Started by an npm script: stop when npm goes away (see watchParent). */
  underNpm: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops the process cleanly on SIGTERM or SIGINT: marks it draining, waits the drain delay, runs
 * `stop` (close the listener and let requests in flight finish, hand deliveries back, close the
 * database) and exits. Repeated signals change nothing: a Ctrl-C under `npm start` reaches the
 * process twice, from the terminal and from npm.
 */
export function stopOnSignals(
  readiness: Readiness,
  plan: StopPlan,
  stop: () => Promise<void>,
  log: Logger,
): void {
  let stopping = false;
  const begin = (reason: string) => {
    if (stopping) {
      log.info({ reason }, 'already stopping');
      return;
    }
    stopping = true;
    readiness.draining = true;
    log.info({ reason, drain_delay_ms: plan.drainDelayMs, timeout_ms: plan.timeoutMs }, 'stopping');
    const force = setTimeout(() => {
      log.error({ timeout_ms: plan.timeoutMs }, 'stop took longer than SHUTDOWN_TIMEOUT; exiting anyway');
      process.exit(1);
    }, plan.timeoutMs);
    force.unref();
    sleep(plan.drainDelayMs)
      .then(stop)
      .then(
        () => {
          log.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          log.error({ err: error }, 'stop failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => begin('SIGTERM'));
  process.on('SIGINT', () => begin('SIGINT'));
  if (plan.underNpm) watchParent(begin);
}

/**
 * Under an npm script the service's parent is npm's shell. If npm is killed outright, nothing
 * forwards a signal, and an orphaned service would keep the port and the data directory: notice
 * the new parent and stop. Started any other way (systemd, a container, nohup) this stays off,
 * because being adopted is then normal.
 */
function watchParent(begin: (reason: string) => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      begin('parent process gone');
    }
  }, 1_000);
  timer.unref();
}
