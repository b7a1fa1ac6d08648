// puny's own Punycode vectors (../shared/testdata/punycode_tests.json).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { puny, sharedTestdata } from './support/load.mjs';

const file = path.join(sharedTestdata, 'punycode_tests.json');
const vectors = JSON.parse(readFileSync(file, 'utf8'));  // missing file: the test fails

test(`every vector of ${file} encodes and decodes`, () => {
  assert.ok(vectors.length >= 20, `${vectors.length} vectors`);
  for (const v of vectors) {
    const name = v.description || v.decoded;
    assert.equal(puny.encode(v.decoded), v.encoded, `encode ${name}`);
    assert.equal(puny.decode(v.encoded), v.decoded, `decode ${name}`);
  }
});

test('long strings: 100,000 code points round-trip', () => {
  const text = Array.from({ length: 100000 }, (_, i) => String.fromCodePoint(0x4E00 + ((i * 7919) % 20000))).join('');
  const encoded = puny.encode(text);
  assert.match(encoded, /^[a-z0-9]+$/);
  assert.equal(puny.decode(encoded), text);
});

// Past the module's first 16 MB of memory (the Punycode-only module takes
// its buffers from the top of the heap, surfaces/js/src/memory_heap_top.cpp grow_block):
// the memory grows during the calls and the results read back whole.
test('long strings: 2,000,000 code points round-trip, growing the memory', () => {
  const parts = [];
  for (let i = 0; i < 2000000; ++i) parts.push(String.fromCodePoint(i % 3 ? 0x61 + (i % 26) : 0x1F300 + ((i * 7919) % 4096)));
  const text = parts.join('');
  const encoded = puny.encode(text);
  assert.match(encoded, /^[a-z]+-[a-z0-9]+$/);
  assert.equal(puny.decode(encoded), text);
  assert.equal(puny.encode('bücher'), 'bcher-kva');  // and the module works on
});

// The module's outputs are read back in pieces of eight, four, two and one
// code units for short strings and in one call above 64 (core.js
// fromUnits): every length across those boundaries, in both directions,
// with code points of one and two UTF-16 units, must come back whole.
test('every output length from 0 to 140 code units reads back whole', () => {
  for (let n = 0; n <= 140; ++n) {
    let text = '';
    for (let i = 0; text.length < n; ++i) {
      const c = (i * 2654435761 + n) >>> 0;
      const pick = c % 7;
      const cp = pick < 2 ? 0x61 + (c % 26)
        : pick < 6 ? 0x4E00 + (c % 20000)
          : 0x1F300 + (c % 512);
      const s = String.fromCodePoint(cp);
      if (text.length + s.length > n) text += 'z';
      else text += s;
    }
    assert.equal(text.length, n);
    const encoded = puny.encode(text);
    assert.equal(puny.decode(encoded), text, `length ${n}`);
    assert.equal(puny.encode(puny.decode(encoded)), encoded, `length ${n}`);
  }
});

// decode and decodeMany of puny/punycode take the engine's short route
// (compact::decode_short, UTF-16 written in place) for labels of up to 256
// bytes whose code points are all below U+10000, and give everything else
// (errors, code points above U+FFFF, longer labels) to the engine that
// reports errors: the bulk form leaves those items to the single call.
// Every kind, at lengths around those limits and with insertions that move
// more than the 16 code units the short route moves at once, must give the
// single call's answer, and decode must give back what encode took.
test('decodeMany and decode agree on every route: short, astral, long, failing', () => {
  const items = vectors.map((v) => v.encoded);
  const texts = [];
  for (let n = 0; n <= 300; n += n < 40 ? 1 : 13) {
    for (const astral of [false, true]) {
      let text = '';
      for (let i = 0; text.length < n; ++i) {
        const c = (i * 2246822519 + n * 3266489917) >>> 0;
        const cp = c % 5 === 0 ? 0x61 + (c % 26) : astral && c % 5 === 1 ? 0x1F300 + (c % 512) : 0x400 + (c % 30000);
        text += String.fromCodePoint(cp);
      }
      texts.push(text);
      items.push(puny.encode(text));
    }
  }
  texts.forEach((text, k) => assert.equal(puny.decode(items[vectors.length + k]), text, `length ${text.length}`));
  items.push('ab!', '99999a', 'zzzzzzzzzzzzzzzzzzzz', 'a-\u00FC', '', '-', 'abc-', 'ZZZZA');
  const results = puny.decodeMany(items);
  results.forEach((r, i) => {
    let expected = null;
    let code = null;
    try { expected = puny.decode(items[i]); } catch (e) { code = e.code; }
    assert.equal(r.output, expected, items[i]);
    assert.equal(r.error && r.error.code, code, items[i]);
  });
  assert.ok(results.filter((r) => r.error).length >= 5);
});
