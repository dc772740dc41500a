/**
 * Benchmark entry point: `npm run bench -- <name> [options]`.
 * Each benchmark measures against a baseline in the same run and prints ratios, because the
 * machines are shared and noisy; see docs/benchmarks.md.
 */
import { runPlatformBenchmark } from './platform.js';

const USAGE = `Usage: npm run bench -- <benchmark> [options]

Benchmarks:
  platform [--only startup|throughput] [--rounds N] [--duration S] [--profile]
           [--list leads|bench] [--cpu-prof-dir DIR]
      start-up time, and the API-key list endpoint against bare Fastify + pg;
      --profile adds a baseline that also looks the key up and the app at log level silent,
      --cpu-prof-dir writes V8 CPU profiles of the app targets there
  console [--runs N]
      the console's JavaScript and CSS (raw and gzipped), and cold page loads in Chromium
  extractors [--runs N] [--seconds S] [--callers N] [--rounds N] [--db pglite|postgres] [--in-process-only]
      long turns: each extractor and whole engine turns on the worst hostile input at the cap
      against ordinary speech, then /healthz over HTTP while callers send turns at the cap
  embedded [--rounds N] [--duration S]
      /healthz latency and list throughput while 50 connections read the lead list, on
      PostgreSQL, on the embedded database in its own thread, and on it in the main thread
  conversations [--database-url URL] [--known-gaps]
      the call corpus (test/corpus/) at every clock time through the test-call API, on the
      embedded database and on PostgreSQL when a URL (or DATABASE_URL) is given: fields right,
      calls ended, loops, turns per call, failing calls; --known-gaps prints the failures in the
      shape of test/corpus/known-gaps.ts
  understanding [--half held|dev|both] [--seed N] [--cases N] [--show N]
      generated caller answers in everyday UK speech, one turn each through the engine: per
      slot, right, wrong and missed, distractors taken as facts, qualifications lost; the
      held-out half is the measure (never tuned on), --show N prints failing development cases
  search [--rounds N] [--db pglite|postgres|both]
      the lead and opportunity lists searched by part of a number, a name, a street and a
      postcode at 100,000 leads against 10,000 (the baseline), on both databases
  insights [--rounds N] [--db pglite|postgres|both]
      every insight (calls, funnel, speed to lead, bookings, agent, enquiries) over the last 30
      days at 200,000 calls (a year of a busy workspace) against 20,000, on both databases
  scale [--seconds S] [--callers N] [--deliveries N] [--rounds N]
      1 serve + 1 worker against 2 + 2 processes on one PostgreSQL: Gather turns/s at
      saturation (requests round-robin across instances), API list req/s, deliveries/s
`;

async function main(argv: readonly string[]): Promise<void> {
  const [name, ...rest] = argv;
  // Benchmarks seed through the services on databases they open themselves (src/wiring.ts).
  (await import('../src/wiring.js')).wireEventConsequences();
  if (name === 'platform') return runPlatformBenchmark(rest);
  if (name === 'engine') return (await import('./engine.js')).runEngineBenchmark(rest);
  if (name === 'extractors') return (await import('./extractors.js')).runExtractorsBenchmark(rest);
  if (name === 'webhooks') return (await import('./webhooks.js')).runWebhookBenchmark(rest);
  if (name === 'telephony') return (await import('./telephony.js')).runTelephonyBenchmark(rest);
  if (name === 'console') return (await import('./console.js')).runConsoleBenchmark(rest);
  if (name === 'conversations') return (await import('./conversations.js')).runConversationsBenchmark(rest);
  if (name === 'understanding') return (await import('./understanding.js')).runUnderstandingBenchmark(rest);
  if (name === 'search') return (await import('./search.js')).runSearchBenchmark(rest);
  if (name === 'insights') return (await import('./insights.js')).runInsightsBenchmark(rest);
  if (name === 'scale') return (await import('./scale.js')).runScaleBenchmark(rest);
  if (name === 'embedded') return (await import('./embedded.js')).runEmbeddedBenchmark(rest);
  // Internal: the server processes the embedded benchmark starts, one per target.
  if (name === 'embedded-target') return (await import('./embedded.js')).serveEmbeddedTarget(rest[0]);
  process.stderr.write(USAGE);
  process.exitCode = name === undefined || name === '--help' ? 0 : 2;
}

await main(process.argv.slice(2));
