// The advisories of the libraries puny replaces, through the npm package
// (issue 57): Python idna's CVE-2024-3651 and CVE-2026-45409 (contextual
// rules), Go's CVE-2026-39821 and Rust's RUSTSEC-2024-0421 (xn-- labels that
// decode to ASCII only), libidn2's CVE-2019-12290 and GNU libidn's
// CVE-2016-6261.  Offsets are UTF-16 indices.  The payloads' time (linear)
// is measured by tests/scaling/adversarial.py; the C++ API's answers are in
// tests/hostile/incumbent_advisories_test.cpp.
import test from 'node:test';
import assert from 'node:assert/strict';
import { puny, punyPunycode, punyDisplay } from './support/load.mjs';

const BEH = '\u0628';
const ZWNJ = '\u200c';
const idna2008 = { preset: 'idna2008' };
const lookup = { preset: 'idna2008-lookup' };

// The first error of every IDNA form: toAscii (throws), toAsciiResult, and
// ToUnicode through idna.toUnicode and toUnicodeResult.
function firstErrors(input, options) {
  const out = [];
  try {
    puny.toAscii(input, options);
    out.push(null);
  } catch (e) {
    out.push([e.code, e.offset]);
  }
  for (const r of [puny.toAsciiResult(input, options), puny.toUnicodeResult(input, options)])
    out.push(r.ok ? null : [r.errors[0].code, r.errors[0].offset]);
  try {
    puny.idna.toUnicode(input, options);
    out.push(null);
  } catch (e) {
    out.push([e.code, e.offset]);
  }
  return out;
}

test('Python idna CVE-2024-3651: ZWNJ between non-joining letters fails at the first', () => {
  for (const n of [1, 1000, 100000]) {
    const s = BEH + (ZWNJ + 'a').repeat(n) + BEH;
    for (const options of [idna2008, lookup])
      assert.deepEqual(firstErrors(s, options), Array(4).fill(['contextj', 1]), `n = ${n}`);
  }
  // kjd/idna#175: 'a' x 1000 then ZWNJ, under UTS #46 too.
  for (const options of [idna2008, {}])
    assert.deepEqual(firstErrors('a'.repeat(1000) + ZWNJ, options), Array(4).fill(['contextj', 1000]));
});

test('Python idna CVE-2026-45409: long CONTEXTO labels are label_too_long at 0 in IDNA2008', () => {
  for (const n of [32000, 128000]) {
    for (const s of ['\u0660'.repeat(n), '\u30fb'.repeat(n) + '\u6f22']) {
      for (const options of [idna2008, lookup])
        assert.deepEqual(firstErrors(s, options), Array(4).fill(['label_too_long', 0]));
    }
    // UTS #46 has no CONTEXTO rules: a label of AN only breaks Bidi rule 1.
    assert.throws(() => puny.toAscii('\u0660'.repeat(n)), { code: 'bidi', offset: 0 });
  }
  // Short ones: A.7 holds with a Han; without one, registration refuses
  // the dot (lookup does not evaluate CONTEXTO rules).
  assert.equal(puny.toAscii('\u30fb'.repeat(3) + '\u6f22', idna2008), 'xn--vekaa8574d');
  assert.throws(() => puny.toAscii('a\u30fb', idna2008), { code: 'contexto', offset: 1 });
  assert.equal(puny.toAscii('a\u30fb', lookup), 'xn--a-iju');
  assert.throws(() => puny.toAscii(BEH + '\u0660\u06f0', idna2008), { code: 'contexto', offset: 1 });
});

test('Go CVE-2026-39821, Rust RUSTSEC-2024-0421: ASCII-only xn-- labels fail in every IDNA form', () => {
  const cases = [['xn--example-.com', 0], ['www.xn--example-.com', 4], ['xn--ascii-', 0], ['a.xn--a-.b', 2],
                 ['xn--.example', 0]];
  for (const [s, offset] of cases) {
    for (const options of [{}, { preset: 'uts46-strict' }, idna2008, lookup])
      assert.deepEqual(firstErrors(s, options), Array(4).fill(['invalid_ace_label', offset]), s);
    // The display entry decides on the same ToUnicode: no Unicode shown.
    assert.throws(() => punyDisplay.toDisplay(s));
  }
  // puny/punycode (and the main entry's toUnicode) are punycode.js's API:
  // Punycode only, no IDNA checks, as punycode.js itself.  A host check
  // needs toAscii or idna.toUnicode.
  assert.equal(punyPunycode.toUnicode('xn--example-.com'), 'example.com');
  assert.equal(punyPunycode.decode('example-'), 'example');
});

test('libidn2 CVE-2019-12290: an A-label that does not round-trip names no domain', () => {
  // "u" + U+0308 (not NFC), and U+00DC (mapped by UTS #46, DISALLOWED in IDNA2008).
  for (const options of [{}, idna2008, lookup])
    assert.deepEqual(firstErrors('xn--u-ccb.com', options), Array(4).fill(['not_nfc', 0]));
  assert.deepEqual(firstErrors('xn--wca.com', idna2008), Array(4).fill(['disallowed', 0]));
  assert.equal(puny.idna.toUnicode('xn--tda.com'), 'ü.com');
});

test('GNU libidn CVE-2016-6261: labels of 63 and 64 bytes', () => {
  assert.equal(puny.toAscii('a'.repeat(63) + '.com', idna2008), 'a'.repeat(63) + '.com');
  for (const options of [idna2008, { preset: 'uts46-strict' }])
    assert.throws(() => puny.toAscii('a'.repeat(64) + '.com', options), { code: 'label_too_long', offset: 0 });
});
