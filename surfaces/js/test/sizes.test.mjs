// What a browser or bundler loads for each entry point, gzipped (the .wasm
// travels inside each entry file), against the package's budgets
// (surfaces/js/tools/wasm-sizes.mjs): the main entry point within 100 KB, the
// Punycode-only one (the punycode.js replacement) within 10 KB.  That one
// must load without the Unicode tables, so it is far smaller than the main
// one and has none of its functions.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { packageDir, puny, punyPunycode } from './support/load.mjs';
import { budgets, downloadBudgets, downloadSizes, entrySizes } from '../tools/wasm-sizes.mjs';

const sizes = entrySizes(path.join(packageDir, 'dist'));
const largest = (entry) => Math.max(...sizes.filter((s) => s.entry === entry).map((s) => s.gzip));

test('every entry point is there in its three forms', () => {
  for (const entry of ['punycode', 'puny', 'display', 'email', 'formats'])
    assert.deepEqual(sizes.filter((s) => s.entry === entry).map((s) => s.file).sort(),
                     [`${entry}.browser.js`, `${entry}.cjs`, `${entry}.mjs`]);
});

test('the main entry point fits its budget (gzip -9, every form)', () => {
  assert.ok(largest('puny') <= budgets.puny, `puny: ${largest('puny')} bytes gzipped > ${budgets.puny}`);
});

// puny/display carries no module; the display module (the main level, the
// display code and the UTS #39 tables) is a file beside it, loaded at the
// first call (surfaces/js/lib/lazy-entry.js, issues 42 and 54).
test('the display entry point fits its budget (gzip -9, every form), its module beside it', () => {
  assert.ok(largest('display') <= budgets.display, `display: ${largest('display')} bytes gzipped > ${budgets.display}`);
  const dist = path.join(packageDir, 'dist');
  assert.equal(readFileSync(path.join(dist, 'display.wasm')).readUInt32LE(0), 0x6d736100);
  assert.match(readFileSync(path.join(dist, 'display-data.js'), 'utf8'), /globalThis\.punyDisplayPacked = \['/);
});

// puny/formats carries the main entry point's module, puny/email none; the
// email module (the core's e-mail code, which reaches the display and
// UTS #39 tables) is one file beside both, loaded at the first e-mail call
// (surfaces/js/lib/email-load.js).
test('the email and formats entry points fit their budgets (gzip -9, every form), their module beside them', () => {
  for (const entry of ['email', 'formats'])
    assert.ok(largest(entry) <= budgets[entry], `${entry}: ${largest(entry)} bytes gzipped > ${budgets[entry]}`);
  const dist = path.join(packageDir, 'dist');
  assert.equal(readFileSync(path.join(dist, 'email.wasm')).readUInt32LE(0), 0x6d736100);
  assert.match(readFileSync(path.join(dist, 'email-data.js'), 'utf8'), /globalThis\.punyEmailPacked = \['/);
});

// What a page downloads to show display verdicts, and to check an e-mail
// address (issue 54): the entry file and the smaller form of the module it
// loads, gzipped.  The entry files carry no module of their own, so the
// engine is downloaded once (286 KB and 263 KB when they carried the main
// module as well).  Lookalike hunting (puny/display's huntIndex) loads a
// module of its own, so display verdicts download no hunt code and no
// common-word table (318,511 B when display.wasm carried them); the hunt
// download has its own budget, 300 KB (surfaces/js/tools/wasm-sizes.mjs).
test('a page downloads at most 200 KB for display verdicts, 160 KB for e-mail checks, 300 KB for hunting (gzip -9)', () => {
  const download = downloadSizes(path.join(packageDir, 'dist'));
  assert.deepEqual(download.map((d) => d.name).sort(), ['display', 'email', 'hunt']);
  for (const d of download) {
    assert.ok(d.total <= downloadBudgets[d.name],
              `${d.name} (puny/${d.entry}): ${d.entryGzip} B (entry file) + ${d.moduleGzip} B (${d.module}) = ` +
              `${d.total} B gzipped > ${downloadBudgets[d.name]}`);
  }
});

// The hunt module is beside puny/display's entry files, in both forms; the
// display module has none of its exports (nor its word table).
test('the hunt module is beside puny/display, and the display module carries no hunting', () => {
  const dist = path.join(packageDir, 'dist');
  assert.equal(readFileSync(path.join(dist, 'hunt.wasm')).readUInt32LE(0), 0x6d736100);
  assert.match(readFileSync(path.join(dist, 'hunt-data.js'), 'utf8'), /globalThis\.punyHuntPacked = \['/);
  const exportsOf = (file) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(path.join(dist, file))))
    .map((e) => e.name);
  assert.deepEqual(exportsOf('display.wasm').filter((n) => /hunt/.test(n)), []);
  assert.ok(exportsOf('hunt.wasm').includes('puny_js_hunt_match'), 'hunt.wasm exports puny_js_hunt_match');
});

test('the Punycode-only entry point fits its budget (gzip -9, every form)', () => {
  assert.ok(largest('punycode') <= budgets.punycode,
            `punycode: ${largest('punycode')} bytes gzipped > ${budgets.punycode}`);
});

test('the Punycode-only entry point carries no UTS #46 tables', () => {
  assert.ok(largest('punycode') * 3 < largest('puny'),
            `punycode ${largest('punycode')} vs puny ${largest('puny')} bytes gzipped`);
  assert.equal(punyPunycode.toAscii, undefined);
  assert.equal(punyPunycode.unicodeVersion, puny.unicodeVersion);
  assert.equal(punyPunycode.encode('bücher'), 'bcher-kva');
});

// The Punycode-only module carries the rows of the core's error table for
// the errors it can report (surfaces/js/src/error_rows_punycode.cpp, reported_errors):
// each of them, from every path that raises it, must reach the caller with
// the same name, message and position as from the main entry point.
test('the Punycode-only entry point reports every Punycode error in the core\'s words', () => {
  const failing = [
    ['decode', 'ü-abc'],             // non_basic_before_delimiter (non-ASCII input)
    ['decode', 'a-ü'],               // invalid_digit (non-ASCII input)
    ['decode', 'abc!'],              // invalid_digit
    ['decode', 'zz'],                // truncated_number
    ['decode', '9'.repeat(30) + 'a'],  // overflow
    ['decode', 'a-9z5g'],            // decoded_out_of_range
    ['decode', 'a-\uD800'],          // invalid_utf16
    ['encode', 'a\uD800b'],          // invalid_utf16
    ['toASCII', 'x.a\uDC00.y'],      // invalid_utf16, label by label
    ['toUnicode', 'a.xn--abc!.b'],   // invalid_digit, label by label
  ];
  const fields = (e) => ({ name: e.name, code: e.code, message: e.message, label: e.label, detail: e.detail,
                           offset: e.offset, codePoint: e.codePoint, uts46: e.uts46 });
  const seen = new Set();
  for (const [fn, input] of failing) {
    let want = null;
    let got = null;
    try { puny[fn](input); } catch (e) { want = e; }
    try { punyPunycode[fn](input); } catch (e) { got = e; }
    assert.ok(want instanceof puny.PunyError, `main entry ${fn}(${JSON.stringify(input)}) throws`);
    assert.ok(got instanceof punyPunycode.PunyError, `puny/punycode ${fn}(${JSON.stringify(input)}) throws`);
    assert.deepEqual(fields(got), fields(want), `${fn}(${JSON.stringify(input)})`);
    assert.match(got.message, /^[a-z_0-9]+ at offset \d+.*: [a-z]/);  // named, described
    seen.add(got.code);
  }
  assert.deepEqual([...seen].sort(), ['decoded_out_of_range', 'invalid_digit', 'invalid_utf16',
                                      'non_basic_before_delimiter', 'overflow', 'truncated_number']);
});
