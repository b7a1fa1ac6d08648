// A DuckDB session for tests/docs/doc_sql.py: an in-memory database of the
// DuckDB that @duckdb/node-api bundles (installed by surfaces/duckdb/build.sh
// beside the extension), the extension loaded.  Reads one JSON object a line
// ({"sql": "..."}) and answers each with one line: {"rows": ["a | b", ...]}
// (each value as the API writes it, NULL for null) or {"error": "..."}.
//
//   node tests/docs/duckdb_session.mjs BUILD/duckdb
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const dir = process.argv[2] && path.resolve(process.argv[2]);
const extension = dir && path.join(dir, 'puny.duckdb_extension');
const api = dir && path.join(dir, 'node', 'node_modules', '@duckdb', 'node-api');
if (!dir || !fs.existsSync(extension) || !fs.existsSync(api)) {
  console.error(`duckdb_session.mjs: ${dir} must hold puny.duckdb_extension and node/node_modules/@duckdb/node-api (surfaces/duckdb/build.sh, ctest duckdb.build)`);
  process.exit(2);
}
const { DuckDBInstance } = createRequire(path.join(dir, 'node', 'package.json'))('@duckdb/node-api');
const instance = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true' });
const db = await instance.connect();
await db.run(`LOAD '${extension.replaceAll("'", "''")}'`);

const text = (v) => (v === null || v === undefined ? 'NULL' : String(v));
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  let answer;
  try {
    const reader = await db.runAndReadAll(JSON.parse(line).sql);
    answer = { rows: reader.getRows().map((row) => row.map(text).join(' | ')) };
  } catch (e) {
    answer = { error: String(e.message) };
  }
  process.stdout.write(JSON.stringify(answer) + '\n');
}
