// Compiles src/ to dist/server with TypeScript and copies the files the service reads beside its
// code (SQL migrations, the embedded database seed). Runs from `npm ci` through `prepare`, so a
// clone is built by the same command that installs it; dist/ is never committed.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'server');

let tsc;
try {
  tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
} catch {
  process.stderr.write(
    'callagent build: TypeScript is not installed. Build with the dev dependencies (npm ci), then drop them with npm prune --omit=dev\n',
  );
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
for (const assets of ['db/migrations', 'db/pglite-seed']) {
  const from = join(root, 'src', assets);
  if (existsSync(from)) cpSync(from, join(out, assets), { recursive: true });
}
