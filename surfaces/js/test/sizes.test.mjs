// What a browser or bundler loads for each entry point, gzipped (the .wasm
// travels inside each entry file), against the package's budgets
// (surfaces/js/tools/wasm-sizes.mjs): the main entry point within 100 KB, the
// Punycode-only one (the punycode.js replacement) within 10 KB.  That one
// must load without the Unicode tables, so it is far smaller than the main
// one and has none of its functions.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { packageDir, puny, punyPunycode } from './support/load.mjs';
import { budgets, entrySizes } from '../tools/wasm-sizes.mjs';

const sizes = entrySizes(path.join(packageDir, 'dist'));
const largest = (entry) => Math.max(...sizes.filter((s) => s.entry === entry).map((s) => s.gzip));

test('every entry point is there in its three forms', () => {
  for (const entry of ['punycode', 'puny', 'display'])
    assert.deepEqual(sizes.filter((s) => s.entry === entry).map((s) => s.file).sort(),
                     [`${entry}.browser.js`, `${entry}.cjs`, `${entry}.mjs`]);
});

test('the main entry point fits its budget (gzip -9, every form)', () => {
  assert.ok(largest('puny') <= budgets.puny, `puny: ${largest('puny')} bytes gzipped > ${budgets.puny}`);
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
