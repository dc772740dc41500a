// Bundles src/ into dist/server with rolldown and copies the files the service reads beside its
// code (SQL migrations, the embedded database seed). Runs from `npm ci` through `prepare`, so a
// clone is built by the same command that installs it; dist/ is never committed.
//
// Why a bundle rather than one file per module: Node spends most of a start resolving and
// compiling modules, and the app and its dependencies are about 1,100 files. In one bundle the
// service loads in about a third of the time (docs/benchmarks.md, "Start-up time and memory").
// Type checking is `npm run typecheck`; the bundler only strips types.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Packages that stay in node_modules: they read files beside their own code (PGlite's WebAssembly
// and data, Swagger UI's assets), load a native addon (argon2), or start worker threads by module
// name (pino's transports).
const EXTERNAL = [
  /^@electric-sql\/pglite/,
  /^@node-rs\//,
  /^@fastify\/swagger-ui/,
  /^pino($|\/)/,
  /^thread-stream/,
];

/**
 * Bundles `input` (entry name → source file) into `outDir`, flat, so that every chunk finds the
 * files it reads (`new URL('./migrations/', import.meta.url)`) in the same directory.
 */
export async function bundleServer(input, outDir) {
  let rolldown;
  try {
    rolldown = await import('rolldown');
  } catch {
    process.stderr.write(
      'callagent build: the bundler is not installed. Build with the dev dependencies (npm ci), then drop them with npm prune --omit=dev\n',
    );
    process.exit(1);
  }
  rmSync(outDir, { recursive: true, force: true });
  await rolldown.build({
    input,
    cwd: root,
    platform: 'node',
    tsconfig: join(root, 'tsconfig.build.json'),
    // Sources import each other as './x.js' (what Node needs at run time); the file is x.ts.
    resolve: { extensionAlias: { '.js': ['.ts', '.js'] } },
    external: EXTERNAL,
    logLevel: 'warn',
    output: {
      dir: outDir,
      format: 'esm',
      sourcemap: true,
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
    },
  });
  for (const [from, to] of [
    ['src/db/migrations', 'migrations'],
    ['src/db/pglite-seed', 'pglite-seed'],
  ]) {
    if (existsSync(join(root, from))) cpSync(join(root, from), join(outDir, to), { recursive: true });
  }
}

// `node scripts/build-server.mjs` builds the service; `node scripts/build-server.mjs ENTRY.ts DIR`
// bundles another entry the same way (the benchmarks' memory probe), with the database thread.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [entry, outDir] = process.argv.slice(2);
  // The thread that serves the embedded database is started by file name, so it is an entry.
  const thread = { 'pglite-thread': 'src/db/pglite-thread.ts' };
  if (entry && outDir) {
    const name = entry.replace(/^.*\//, '').replace(/\.ts$/, '');
    await bundleServer({ [name]: entry, ...thread }, join(root, outDir));
  } else {
    await bundleServer({ cli: 'src/cli.ts', ...thread }, join(root, 'dist', 'server'));
  }
}
