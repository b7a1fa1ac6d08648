// What a failed item costs in the bulk forms (issue 45): time and the heap
// its result keeps, for N invalid inputs in one call.  Not a test: it
// asserts nothing about time.
//
//   NODE_PATH=/usr/share/nodejs node --expose-gc surfaces/js/bench/failures.mjs [PACKAGE_DIR] [--n=1000000]
//
// Each row: one call on N failing inputs (distinct strings, so no output is
// shared), the median of three runs; bytes/item is the heap still used
// while the results are alive, over a collection before the call.
import { createRequire } from 'node:module';
import path from 'node:path';
import url from 'node:url';

const here = path.dirname(url.fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const n = Number((args.find((a) => a.startsWith('--n=')) || '--n=1000000').slice(4));
const packageDir = path.resolve(args.find((a) => !a.startsWith('--')) ||
                                path.join(here, '..', '..', '..', 'build', 'wasm', 'package'));
const require = createRequire(import.meta.url);
const puny = require(path.join(packageDir, 'dist', 'puny.cjs'));
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;
if (!gc) throw new Error('run with node --expose-gc (the heap figures need collections)');

const inputs = (make) => Array.from({ length: n }, (_, i) => make(i.toString(36)));
const cases = [
  ['decodeMany, invalid digit', () => inputs((s) => s + '-!'), (xs) => puny.decodeMany(xs)],
  ['encodeMany, lone surrogate', () => inputs((s) => s + '\uD800'), (xs) => puny.encodeMany(xs)],
  ['toAsciiMany, CONTEXTJ (C2)', () => inputs((s) => 'a' + s + '\u200D.de'), (xs) => puny.toAsciiMany(xs)],
  ['toUnicodeMany, invalid xn-- label', () => inputs((s) => 'xn--' + s + '-!.de'), (xs) => puny.toUnicodeMany(xs)],
];
const only = args.find((a) => a.startsWith('--only='));
if (only) cases.splice(0, cases.length, ...cases.filter(([name]) => name.startsWith(only.slice(7))));

console.log(`# ${n} failing items per call, Node ${process.version}; median of 3 calls`);
console.log('| call | us/item | heap bytes/item (results alive) |');
console.log('|---|---|---|');
for (const [name, make, fn] of cases) {
  const times = [];
  const bytes = [];
  for (let run = 0; run < 3; ++run) {
    let xs = make();
    gc();
    const before = process.memoryUsage().heapUsed;
    const start = process.hrtime.bigint();
    let results = fn(xs);
    const ns = Number(process.hrtime.bigint() - start);
    gc();
    const after = process.memoryUsage().heapUsed;
    if (results.length !== n || results.some((r) => r.error === null)) throw new Error(name + ': an item did not fail');
    times.push(ns / n / 1000);
    bytes.push((after - before) / n);
    // (Dropped here: the interpreter would keep them in their registers
    // until the next run's call, counting them in its `before`.)
    results = xs = null;
  }
  const median = (v) => [...v].sort((a, b) => a - b)[1];
  console.log(`| ${name} | ${median(times).toFixed(2)} | ${median(bytes).toFixed(0)} |`);
}
