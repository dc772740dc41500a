#!/usr/bin/env node
// Runs the compiled service in dist/server, which `npm ci` builds (the `prepare` script).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/server/cli.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('callagent: not built yet: run `npm ci` (or `npm run build`) first\n');
  process.exit(1);
}
await import(entry.href);
