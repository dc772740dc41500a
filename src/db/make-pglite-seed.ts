import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { seedUrl } from './pglite-seed.js';

// Regenerates the embedded database seed after a PGlite upgrade: `npm run db:seed`.
const db = await PGlite.create();
const dump = await db.dumpDataDir('gzip');
await db.close();
const target = seedUrl();
writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
process.stdout.write(`wrote ${target.pathname}\n`);
