// One probe of the extension's Public Suffix List for surfaces/duckdb/test/trust.sh:
// loads the extension into a fresh DuckDB and prints one JSON line with what
// idna_display_check and hunt_matches answer (the registrable domain of
// www.example.co.uk, or the error) and the names of DuckDB's settings that
// mention puny or a suffix list.  trust.sh runs it with a FIFO, a device, a
// malformed or oversized file, or nothing at the list's path.
//
//   PUNY_DUCKDB_DIR=build/duckdb node surfaces/duckdb/test/psl-probe.mjs
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const dir = process.env.PUNY_DUCKDB_DIR && path.resolve(process.env.PUNY_DUCKDB_DIR);
if (!dir || !fs.existsSync(path.join(dir, 'puny.duckdb_extension'))) {
  console.error('PUNY_DUCKDB_DIR must hold puny.duckdb_extension (surfaces/duckdb/build.sh)');
  process.exit(2);
}
const require = createRequire(path.join(dir, 'node', 'package.json'));
const { DuckDBInstance } = require('@duckdb/node-api');
const instance = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true' });
const db = await instance.connect();
await db.run(`LOAD '${path.join(dir, 'puny.duckdb_extension')}'`);

async function answer(sql) {
  try {
    return { value: (await db.runAndReadAll(sql)).getRows()[0][0] };
  } catch (e) {
    return { error: e.message };
  }
}
const display = await answer("SELECT idna_display_check('www.example.co.uk')");
if (display.value !== undefined) display.value = JSON.parse(display.value).registrable_domain;
const hunt = await answer("SELECT len(hunt_matches('paypa1.co.uk', ['paypal.co.uk']))");
if (hunt.value !== undefined) hunt.value = Number(hunt.value);
const settings = (await db.runAndReadAll(
  "SELECT name FROM duckdb_settings() WHERE name ILIKE '%puny%' OR name ILIKE '%suffix%' OR name ILIKE '%psl%'"))
  .getRows().map((r) => r[0]);
console.log(JSON.stringify({ display, hunt, settings }));
