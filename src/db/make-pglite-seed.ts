import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { wrapPglite } from './client.js';
import { migrate } from './migrate.js';
import { PGLITE_EXTENSIONS, seedUrl } from './pglite-seed.js';

// Regenerates the embedded database seed: `npm run db:seed` after upgrading PGlite, and after
// adding migrations if you like (a start applies those the seed lacks). The seed is a fresh
// cluster with the migrations applied, so a first start neither runs initdb nor migrates.
const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
const applied = await migrate(wrapPglite(pglite));
const dump = await pglite.dumpDataDir('gzip');
await pglite.close();
// Into src/, where it is committed (the build copies it beside the compiled code).
const target = fileURLToPath(seedUrl()).replace(/\/dist\/server\/db\//, '/src/db/');
writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
process.stdout.write(`wrote ${target} with migrations ${applied.join(', ')}\n`);
