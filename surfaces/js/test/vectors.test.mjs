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
