// Rows per second of the DuckDB extension over a big list, with 1 and 2
// threads, against a query that only reads the names (the floor).  Not a
// test: the figures go to bench/README.md.
//
//   node surfaces/duckdb/bench.mjs [OUT_DIR] [LINES] [RUNS]
//     OUT_DIR  surfaces/duckdb/build.sh's (default build/duckdb)
//     LINES    rows (default 10000000: the bench files repeated)
//     RUNS     repetitions per query; the median is reported (default 5)
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(process.argv[2] || path.join(here, '..', '..', 'build', 'duckdb'));
const lines = Number(process.argv[3] || 10000000);
const runs = Number(process.argv[4] || 5);
const data = path.join(here, '..', '..', '..', 'shared', 'bench', 'data');
const require = createRequire(path.join(dir, 'node', 'package.json'));
const { DuckDBInstance } = require('@duckdb/node-api');

// The list as a file of LINES names (the bench files repeated), read by DuckDB.
const names = [];
for (const f of ['domains-mixed.txt', 'domains-idn.txt'])
  for (const l of fs.readFileSync(path.join(data, f), 'utf8').split('\n')) if (l && !/[\t\r"\\]/.test(l)) names.push(l);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'puny-duckdb-bench-'));
const file = path.join(work, 'names.txt');
const out = fs.openSync(file, 'w');
for (let written = 0; written < lines;) {
  const part = names.slice(0, Math.min(names.length, lines - written));
  fs.writeSync(out, part.join('\n') + '\n');
  written += part.length;
}
fs.closeSync(out);

const instance = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true' });
const db = await instance.connect();
await db.run(`LOAD '${path.join(dir, 'puny.duckdb_extension')}'`);
await db.run(`CREATE TABLE names AS SELECT name FROM read_csv('${file}', columns = {'name': 'VARCHAR'},
              header = false, delim = '\t', quote = '', escape = '', auto_detect = false)`);
const count = Number((await db.runAndReadAll('SELECT count(*) FROM names')).getRows()[0][0]);
fs.rmSync(work, { recursive: true, force: true });

const queries = [
  ['floor: sum(length(name))', 'SELECT sum(length(name)) FROM names'],
  ['try_idna_to_ascii(name)', 'SELECT sum(length(try_idna_to_ascii(name))) FROM names'],
  ["try_idna_to_ascii(name, 'url')", "SELECT sum(length(try_idna_to_ascii(name, 'url'))) FROM names"],
  ['try_idna_to_unicode(name)', 'SELECT sum(length(try_idna_to_unicode(name))) FROM names'],
  ['idna_skeleton(name)', 'SELECT sum(length(idna_skeleton(name))) FROM names'],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`# DuckDB ${require('@duckdb/node-api/package.json').version} (@duckdb/node-api), ${count} rows, ` +
            `${os.cpus().length} cores, median of ${runs} runs; ${new Date().toISOString().slice(0, 10)}\n`);
console.log('| query | 1 thread rows/s | 2 threads rows/s | speedup |');
console.log('|---|---|---|---|');
for (const [label, sql] of queries) {
  const seconds = {};
  for (const threads of [1, 2]) {
    await db.run(`SET threads = ${threads}`);
    const times = [];
    for (let r = 0; r < runs; ++r) {
      const start = process.hrtime.bigint();
      await db.runAndReadAll(sql);
      times.push(Number(process.hrtime.bigint() - start) / 1e9);
    }
    seconds[threads] = median(times);
  }
  const rate = (t) => (count / t / 1e6).toFixed(2) + ' M';
  console.log(`| ${label} | ${rate(seconds[1])} | ${rate(seconds[2])} | ${(seconds[1] / seconds[2]).toFixed(2)}x |`);
}
