// The session every DuckDB test file but sql.test.mjs starts from: a
// DuckDB in memory (@duckdb/node-api, as users install it) with the puny
// extension of PUNY_DUCKDB_DIR loaded (surfaces/duckdb/build.sh), and the
// few ways the tests read a query's result.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

export const dir = process.env.PUNY_DUCKDB_DIR && path.resolve(process.env.PUNY_DUCKDB_DIR);
assert.ok(dir && fs.existsSync(path.join(dir, 'puny.duckdb_extension')),
          'PUNY_DUCKDB_DIR must hold puny.duckdb_extension (surfaces/duckdb/build.sh)');
const require = createRequire(path.join(dir, 'node', 'package.json'));
const { DuckDBInstance } = require('@duckdb/node-api');
const instance = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true' });
export const db = await instance.connect();
await db.run(`LOAD '${path.join(dir, 'puny.duckdb_extension')}'`);

// The rows as objects; the first row's first value.
export const objects = async (sql) => (await db.runAndReadAll(sql)).getRowObjectsJson();
export const value = async (sql) => (await db.runAndReadAll(sql)).getRows()[0][0];
// The error message of a statement that must fail.
export async function failure(sql) {
  try {
    await db.run(sql);
  } catch (e) {
    return e.message;
  }
  assert.fail(`no error from ${sql}`);
}
