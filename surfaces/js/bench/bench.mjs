// Benchmark of the npm package (WebAssembly) against punycode.js (Debian's
// node-punycode) and Node's url.domainToASCII / domainToUnicode (ICU inside
// Node), on the shared workloads.  Outputs are compared before anything is
// timed; each measurement is the median of REPS runs, the implementations
// interleaved within each repetition.  Not a test: it asserts nothing about time.
//
//   NODE_PATH=/usr/share/nodejs node surfaces/js/bench/bench.mjs [PACKAGE_DIR] [--reps=N] [--only=TEXT]
//
// --only=TEXT runs only the workloads whose name contains TEXT (e.g.
// --only=puny/punycode for the Punycode-only entry point's four).
//
// PACKAGE_DIR defaults to build/wasm/package (surfaces/js/build.sh).  Prints a
// Markdown table: ns per item and the ratio peer time / puny time.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import url from 'node:url';
import os from 'node:os';

const here = path.dirname(url.fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const reps = Number((args.find((a) => a.startsWith('--reps=')) || '--reps=7').slice(7));
const only = (args.find((a) => a.startsWith('--only=')) || '--only=').slice(7);
const packageDir = path.resolve(args.find((a) => !a.startsWith('--')) ||
                                path.join(here, '..', '..', '..', 'build', 'wasm', 'package'));
const dataDir = path.resolve(here, '..', '..', '..', '..', 'shared', 'bench', 'data');

const require = createRequire(import.meta.url);
const puny = require(path.join(packageDir, 'dist', 'puny.cjs'));
// The Punycode-only entry point (`puny/punycode`, the size-built engine).
const punyPunycode = require(path.join(packageDir, 'dist', 'punycode.cjs'));
const peerPath = (process.env.NODE_PATH || '/usr/share/nodejs').split(path.delimiter)
  .map((d) => path.join(d, 'punycode', 'punycode.js')).find((f) => existsSync(f));
if (!peerPath) throw new Error('punycode.js not found: apt-get install node-punycode, NODE_PATH=/usr/share/nodejs');
const punycodeJs = require(peerPath);
const punycodeJsVersion = require(path.join(path.dirname(peerPath), 'package.json')).version;

const lines = (name) => readFileSync(path.join(dataDir, name), 'utf8').split('\n').filter((l) => l !== '');
const idn = lines('domains-idn.txt');
const idnAce = lines('domains-idn.ascii.txt');
const mixed = lines('domains-mixed.txt');
const lowerIdn = idn.map((d) => d.toLowerCase());
// Labels: the non-ASCII labels of the IDN list (lowercased), and their ACE forms.
const labels = lowerIdn.flatMap((d) => d.split('.')).filter((l) => /[^\0-\x7F]/.test(l));
const aceLabels = idnAce.flatMap((d) => d.split('.')).filter((l) => l.startsWith('xn--')).map((l) => l.slice(4));

// With node --expose-gc, a collection before each timed run, so that one
// implementation's garbage (the bulk forms keep an object per item) is not
// collected during the next one's time.
const collectGarbage = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};

function timeOnce(fn, items) {
  const start = process.hrtime.bigint();
  let sink = 0;
  for (let i = 0; i < items.length; ++i) sink += fn(items[i]).length;
  const ns = Number(process.hrtime.bigint() - start);
  if (sink < 0) console.log(sink);
  return ns / items.length;
}

// The results a bulk form gives, built by calling `fn` once per item.
function collecting(fn, items) {
  const out = new Array(items.length);
  for (let i = 0; i < items.length; ++i) {
    const input = items[i];
    try {
      out[i] = { input, output: fn(input), error: null };
    } catch (error) {
      out[i] = { input, output: null, error };
    }
  }
  return out;
}

const bulkWarmUp = 6;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Runs every implementation on `items`, checks agreement on all of them
// first (a peer that differs is reported, not hidden), then times.
// `bulk` (optional): [label, fn(items) -> [{output}]], puny's bulk form, timed
// over the whole array in the same interleaved rounds and checked against
// the per-name outputs (an item that fails counts as '' like `tried`).
function workload(name, items, impls, note, bulk) {
  if (!name.includes(only)) return null;
  const reference = items.map(impls[0][1]);
  const agreement = impls.map(([, fn]) => {
    let same = 0;
    for (let i = 0; i < items.length; ++i) {
      let out;
      try { out = fn(items[i]); } catch { out = null; }
      if (out === reference[i]) ++same;
    }
    return same;
  });
  let bulkAgree = 0;
  if (bulk) {
    const outs = bulk[1](items);
    for (let i = 0; i < items.length; ++i) if ((outs[i].output ?? '') === reference[i]) ++bulkAgree;
    // Warm-up: the checks above called each per-name form once per item,
    // the bulk form once; V8 optimizes a function (and tiers up a wasm
    // function) after enough calls or loop iterations, which a bulk call
    // over the whole list reaches only after a few calls.  Both forms are
    // timed warm; docs/javascript.md gives the first calls' cost.
    for (let w = 0; w < bulkWarmUp; ++w) bulk[1](items);
  }
  const samples = impls.map(() => []);
  const bulkSamples = [];
  const loopSamples = [];
  for (let r = 0; r < reps + 1; ++r) {  // the first round warms up
    for (let k = 0; k < impls.length; ++k) {
      collectGarbage();
      const t = timeOnce(impls[k][1], items);
      if (r > 0) samples[k].push(t);
    }
    if (bulk) {
      collectGarbage();
      let start = process.hrtime.bigint();
      const outs = bulk[1](items);
      const ns = Number(process.hrtime.bigint() - start) / items.length;
      if (outs.length !== items.length) throw new Error('bulk form lost items');
      if (r > 0) bulkSamples.push(ns);
      // What the bulk form replaces: the per-name call in a loop that keeps
      // the same results ({input, output, error} per name).
      collectGarbage();
      start = process.hrtime.bigint();
      const kept = collecting(impls[0][2] || impls[0][1], items);
      const loopNs = Number(process.hrtime.bigint() - start) / items.length;
      if (kept.length !== items.length) throw new Error('loop lost items');
      if (r > 0) loopSamples.push(loopNs);
    }
  }
  const medians = samples.map(median);
  const results = impls.map(([label], k) => ({
    label, ns: medians[k], ratio: medians[k] / medians[0], agree: agreement[k] }));
  if (bulk) {
    const ns = median(bulkSamples);
    const loopNs = median(loopSamples);
    results.push({ label: impls[0][0] + ' in a loop keeping {input, output, error}', ns: loopNs, bulk: true,
                   peerRatio: medians[1] / loopNs, agree: items.length });
    results.push({ label: bulk[0], ns, bulk: true, peerRatio: medians[1] / ns, agree: bulkAgree,
                   loopRatio: loopNs / ns });
  }
  return { name, count: items.length, note, results };
}

const url46 = { preset: 'url' };
const tried = (fn) => (x) => { try { return fn(x); } catch { return ''; } };
const runs = [
  workload('Punycode encode, IDN labels', labels, [
    ['puny encode', puny.encode], ['punycode.js encode', punycodeJs.encode]], undefined,
    ['puny encodeMany (bulk)', puny.encodeMany]),
  workload('Punycode decode, ACE labels', aceLabels, [
    ['puny decode', puny.decode], ['punycode.js decode', punycodeJs.decode]], undefined,
    ['puny decodeMany (bulk)', puny.decodeMany]),
  workload('punycode.js toASCII, IDN names (lowercased)', lowerIdn, [
    ['puny toASCII', puny.toASCII], ['punycode.js toASCII', punycodeJs.toASCII]],
    'label-by-label, no UTS #46 mapping or checks'),
  workload('punycode.js toUnicode, ACE names', idnAce, [
    ['puny toUnicode', puny.toUnicode], ['punycode.js toUnicode', punycodeJs.toUnicode]]),
  workload('Punycode encode, IDN labels: puny/punycode', labels, [
    ['puny/punycode encode', punyPunycode.encode], ['punycode.js encode', punycodeJs.encode]], undefined,
    ['puny/punycode encodeMany (bulk)', punyPunycode.encodeMany]),
  workload('Punycode decode, ACE labels: puny/punycode', aceLabels, [
    ['puny/punycode decode', punyPunycode.decode], ['punycode.js decode', punycodeJs.decode]], undefined,
    ['puny/punycode decodeMany (bulk)', punyPunycode.decodeMany]),
  workload('punycode.js toASCII, IDN names (lowercased): puny/punycode', lowerIdn, [
    ['puny/punycode toASCII', punyPunycode.toASCII], ['punycode.js toASCII', punycodeJs.toASCII]]),
  workload('punycode.js toUnicode, ACE names: puny/punycode', idnAce, [
    ['puny/punycode toUnicode', punyPunycode.toUnicode], ['punycode.js toUnicode', punycodeJs.toUnicode]]),
  workload('UTS #46 to ASCII, IDN names', idn, [
    ['puny toAscii (url preset)', tried((d) => puny.toAscii(d, url46)), (d) => puny.toAscii(d, url46)],
    ['url.domainToASCII', url.domainToASCII]], undefined,
    ['puny toAsciiMany (bulk, url preset)', (xs) => puny.toAsciiMany(xs, url46)]),
  workload('UTS #46 to ASCII, mixed real names', mixed, [
    ['puny toAscii (url preset)', tried((d) => puny.toAscii(d, url46)), (d) => puny.toAscii(d, url46)],
    ['url.domainToASCII', url.domainToASCII]], undefined,
    ['puny toAsciiMany (bulk, url preset)', (xs) => puny.toAsciiMany(xs, url46)]),
  workload('UTS #46 to Unicode, ACE names', idnAce, [
    ['puny idna.toUnicode (url preset)', tried((d) => puny.idna.toUnicode(d, url46)), (d) => puny.idna.toUnicode(d, url46)],
    ['url.domainToUnicode', url.domainToUnicode]], undefined,
    ['puny toUnicodeMany (bulk, url preset)', (xs) => puny.toUnicodeMany(xs, url46)]),
].filter((w) => w !== null);

console.log(`# puny ${puny.version} (WebAssembly) vs punycode.js ${punycodeJsVersion} and Node ${process.version} url (ICU ${process.versions.icu})`);
console.log(`# ${os.cpus()[0].model}, ${os.cpus().length} cores; median of ${reps} runs; ratio = peer time / puny time; ` +
            `${typeof globalThis.gc === 'function' ? 'a collection before each timed run' : 'no --expose-gc: garbage of one run may be collected in the next'}\n`);
console.log('| workload | items | implementation | ns/item | peer / puny | same output as puny |');
console.log('|---|---|---|---|---|---|');
for (const w of runs) {
  for (const [k, r] of w.results.entries()) {
    const ratio = k === 0 ? '1' : r.bulk ? `peer / this ${r.peerRatio.toFixed(2)}x` +
      (r.loopRatio ? `, loop / bulk ${r.loopRatio.toFixed(2)}x` : '') : r.ratio.toFixed(2) + 'x';
    console.log(`| ${k === 0 ? w.name : ''} | ${k === 0 ? w.count : ''} | ${r.label} | ${r.ns.toFixed(0)} | ` +
                `${ratio} | ${k === 0 ? '' : `${r.agree}/${w.count}`} |`);
  }
}
