// What the package weighs: each entry file of dist/ raw and gzipped (what a
// browser or bundler loads: the .wasm travels inside the entry file), and
// each .wasm raw, gzipped and per section (WebAssembly core spec 5.5: id
// byte, LEB128 size, contents), so the docs can say where the bytes are:
// code, or data (the Unicode tables).
//
//   node surfaces/js/tools/wasm-sizes.mjs [--entries DIST_DIR] [FILE.wasm...]
//
// surfaces/js/test/sizes.test.mjs checks the budgets (`budgets` below) with the
// same measurement.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

// Bytes of each entry point, gzipped (issue 23 of the tracker: the full
// package within 100 KB, the punycode.js replacement within 10 KB).
// puny/email and puny/formats (issue 38) carry the main entry point's module
// and load the email module (with the display and UTS #39 tables the core's
// e-mail code reaches) from email.wasm beside them at the first e-mail call,
// as puny/display does (170 KB gzipped when they embedded it; 93 KB since):
// within 100 KB.
export const budgets = { punycode: 10 * 1024, puny: 100 * 1024, display: 100 * 1024,
                         email: 100 * 1024, formats: 100 * 1024 };

// What a page downloads for display verdicts, for the e-mail check and for
// lookalike hunting (issue 54): the entry file (the largest of its three
// forms, gzipped) and the smaller form of the module the call loads,
// gzipped: MODULE.wasm, or MODULE-data.js (the module packed, for pages from
// file://).  When the entry files carried the main module besides, that was
// 263 KB for puny/email and 286 KB for puny/display.  Hunting is
// puny/display's huntIndex, which loads the hunt module only (hunt.wasm:
// the display level, the matcher and its common-word table, whose 38,857
// hashes, 152 KB, gzip cannot shrink); when display.wasm carried it, display
// verdicts downloaded 318,511 B.  Its budget: 300 KB (289,138 B when the
// hunt module was split out).
export const downloadBudgets = { display: 200 * 1024, email: 160 * 1024, hunt: 300 * 1024 };
// Each download's entry file and module.
const downloadParts = { display: ['display', 'display'], email: ['email', 'email'], hunt: ['display', 'hunt'] };

// [{name, entry, entryGzip, module, moduleGzip, total}] for display
// verdicts, e-mail checks and hunting (downloadBudgets' names).
export function downloadSizes(dist) {
  const entries = entrySizes(dist);
  return Object.keys(downloadBudgets).map((name) => {
    const [entry, module] = downloadParts[name];
    const entryGzip = Math.max(...entries.filter((e) => e.entry === entry).map((e) => e.gzip));
    const forms = [`${module}.wasm`, `${module}-data.js`]
      .map((file) => ({ file, gzip: gzipped(readFileSync(join(dist, file))) }))
      .sort((a, b) => a.gzip - b.gzip);
    return { name, entry, entryGzip, module: forms[0].file, moduleGzip: forms[0].gzip,
             total: entryGzip + forms[0].gzip };
  });
}

export function gzipped(bytes) {
  return gzipSync(bytes, { level: 9 }).length;
}

// [{file, entry, bytes, gzip}] for every entry file in `dist`.
export function entrySizes(dist) {
  return readdirSync(dist)
    .filter((f) => /\.(mjs|cjs|browser\.js)$/.test(f))
    .sort()
    .map((f) => {
      const bytes = readFileSync(join(dist, f));
      return { file: f, entry: f.replace(/\.(mjs|cjs|browser\.js)$/, ''), bytes: bytes.length, gzip: gzipped(bytes) };
    });
}

const names = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export',
               'start', 'element', 'code', 'data', 'datacount'];

function sections(bytes) {
  if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error('not a WebAssembly binary');
  const out = [];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at++];
    let size = 0, shift = 0, b;
    do { b = bytes[at++]; size += (b & 0x7f) * 2 ** shift; shift += 7; } while (b & 0x80);
    out.push({ name: names[id] || `id${id}`, size, gzip: gzipped(bytes.subarray(at, at + size)) });
    at += size;
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--entries');
  if (at >= 0) {
    const [dist] = args.splice(at, 2).slice(1);
    console.log('# entry files (what a browser or bundler loads), gzip -9');
    for (const e of entrySizes(dist)) {
      const budget = budgets[e.entry];
      const verdict = budget ? `, budget ${budget} (${e.gzip <= budget ? 'within' : 'OVER'})` : '';
      console.log(`${e.file}: ${e.bytes} bytes, ${e.gzip} gzip -9${verdict}`);
    }
    console.log('# what a page downloads: the entry file and the smaller form of the module it loads, gzip -9');
    for (const d of downloadSizes(dist)) {
      const budget = downloadBudgets[d.name];
      console.log(`${d.name}: ${d.entryGzip} (${d.entry} entry file) + ${d.moduleGzip} (${d.module}) = ${d.total}, ` +
                  `budget ${budget} (${d.total <= budget ? 'within' : 'OVER'})`);
    }
  }
  for (const file of args) {
    const bytes = readFileSync(file);
    const parts = sections(bytes).filter((s) => s.size > 1000)
      .map((s) => `${s.name} ${s.size} (${s.gzip} gz)`).join(', ');
    console.log(`${file}: ${bytes.length} bytes, ${gzipped(bytes)} gzip -9; sections: ${parts}`);
  }
}
