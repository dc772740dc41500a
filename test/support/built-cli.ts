import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Tests that start callagent as a process run the compiled service, as `npm start` does. Global
// set-up rebuilds it when any source file is newer than the build, so a test never runs stale code.

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI_ENTRY = join(ROOT, 'dist', 'server', 'cli.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

export function ensureBuilt(): void {
  const inputs = Math.max(
    newestSource(join(ROOT, 'src')),
    statSync(join(ROOT, 'tsconfig.build.json')).mtimeMs,
    statSync(join(ROOT, 'scripts', 'build-server.mjs')).mtimeMs,
  );
  if (existsSync(CLI_ENTRY) && statSync(CLI_ENTRY).mtimeMs >= inputs) return;
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`npm run build:server failed:\n${built.stdout}${built.stderr}`);
}
