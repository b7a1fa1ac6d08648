// The punycode.js API: its README's documented examples, the RFC 3492
// section 7.1 samples, and a differential run against punycode.js itself.
import test from 'node:test';
import assert from 'node:assert/strict';
import { puny, punyCjs, punycodeJs } from './support/load.mjs';

test('ES module and CommonJS builds export the same API', () => {
  assert.deepEqual(Object.keys(puny.default).sort(), Object.keys(punyCjs).sort());
  for (const name of ['encode', 'decode', 'toASCII', 'toUnicode', 'version'])
    assert.equal(typeof puny[name], typeof punycodeJs[name], name);
  assert.equal(typeof puny.ucs2.encode, 'function');
  assert.equal(typeof puny.ucs2.decode, 'function');
  assert.equal(punyCjs.encode('mañana'), 'maana-pta');
});

// punycode.js README, "API" section.
test('punycode.js README: decode and encode', () => {
  assert.equal(puny.decode('maana-pta'), 'mañana');
  assert.equal(puny.decode('--dqo34k'), '☃-⌘');
  assert.equal(puny.encode('mañana'), 'maana-pta');
  assert.equal(puny.encode('☃-⌘'), '--dqo34k');
});

test('punycode.js README: toUnicode, including an email address', () => {
  assert.equal(puny.toUnicode('xn--maana-pta.com'), 'mañana.com');
  assert.equal(puny.toUnicode('xn----dqo34k.com'), '☃-⌘.com');
  assert.equal(puny.toUnicode('джумла@xn--p-8sbkgc5ag7bhce.xn--ba-lmcq'), 'джумла@джpумлатест.bрфa');
  // Already-Unicode input is returned as it is.
  assert.equal(puny.toUnicode('mañana.com'), 'mañana.com');
});

test('punycode.js README: toASCII, including an email address', () => {
  assert.equal(puny.toASCII('mañana.com'), 'xn--maana-pta.com');
  assert.equal(puny.toASCII('☃-⌘.com'), 'xn----dqo34k.com');
  assert.equal(puny.toASCII('джумла@джpумлатест.bрфa'), 'джумла@xn--p-8sbkgc5ag7bhce.xn--ba-lmcq');
  // Only non-ASCII labels are converted; ASCII stays as typed.
  assert.equal(puny.toASCII('Example.COM'), 'Example.COM');
});

test('toASCII and toUnicode treat the IDNA2003 dots as separators', () => {
  for (const dot of ['\u3002', '\uFF0E', '\uFF61'])
    assert.equal(puny.toASCII(`mañana${dot}com`), 'xn--maana-pta.com');
  assert.equal(puny.toUnicode('xn--maana-pta\u3002com'), 'mañana.com');
  // The ACE prefix is matched case-sensitively, the Punycode is lowercased.
  assert.equal(puny.toUnicode('xn--MAANA-PTA.com'), 'mañana.com');
  assert.equal(puny.toUnicode('XN--maana-pta.com'), 'XN--maana-pta.com');
});

test('punycode.js README: ucs2.decode and ucs2.encode', () => {
  assert.deepEqual(puny.ucs2.decode('abc'), [0x61, 0x62, 0x63]);
  assert.deepEqual(puny.ucs2.decode('\uD834\uDF06'), [0x1D306]);
  assert.equal(puny.ucs2.encode([0x61, 0x62, 0x63]), 'abc');
  assert.equal(puny.ucs2.encode([0x1D306]), '\uD834\uDF06');
  // Lone surrogates survive the round trip, as in punycode.js.
  assert.deepEqual(puny.ucs2.decode('\uD800a\uDC00'), [0xD800, 0x61, 0xDC00]);
  assert.equal(puny.ucs2.encode([0xD800, 0x61, 0xDC00]), '\uD800a\uDC00');
  assert.throws(() => puny.ucs2.encode([0x110000]), RangeError);
  const long = Array.from({ length: 200000 }, (_, i) => 0x4E00 + (i % 1000));
  assert.equal(puny.ucs2.encode(long).length, 200000);
});

// RFC 3492 section 7.1 sample strings, written out here (code points as the
// RFC lists them).
const rfcSamples = [
  ['(A) Arabic (Egyptian)', [0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644,
    0x0645, 0x0648, 0x0634, 0x0639, 0x0631, 0x0628, 0x064A, 0x061F], 'egbpdaj6bu4bxfgehfvwxn'],
  ['(B) Chinese (simplified)', [0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D,
    0x6587], 'ihqwcrb4cv8a8dqg056pqjye'],
  ['(E) Hebrew', [0x05DC, 0x05DE, 0x05D4, 0x05D4, 0x05DD, 0x05E4, 0x05E9, 0x05D5, 0x05D8, 0x05DC,
    0x05D0, 0x05DE, 0x05D3, 0x05D1, 0x05E8, 0x05D9, 0x05DD, 0x05E2, 0x05D1, 0x05E8, 0x05D9, 0x05EA],
    '4dbcagdahymbxekheh6e0a7fei0b'],
  ['(L) 3<nen>B<gumi><kinpachi><sensei>', [0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148,
    0x751F], '3B-ww4c5e180e575a65lsy2b'],
  ['(Q) <amuro><namie>-with-SUPER-MONKEYS', [0x5B89, 0x5BA4, 0x5948, 0x7F8E, 0x6075, 0x002D,
    0x0077, 0x0069, 0x0074, 0x0068, 0x002D, 0x0053, 0x0055, 0x0050, 0x0045, 0x0052, 0x002D, 0x004D,
    0x004F, 0x004E, 0x004B, 0x0045, 0x0059, 0x0053], '-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n'],
  ['(S) -> $1.00 <-', [0x002D, 0x003E, 0x0020, 0x0024, 0x0031, 0x002E, 0x0030, 0x0030, 0x0020,
    0x003C, 0x002D], '-> $1.00 <--'],
];

test('RFC 3492 section 7.1 samples encode and decode', () => {
  for (const [name, codePoints, encoded] of rfcSamples) {
    const text = String.fromCodePoint(...codePoints);
    assert.equal(puny.encode(text), encoded, name);
    assert.equal(puny.decode(encoded), text, name);
    // Decoding accepts uppercase digits (RFC 3492 section 5).
    assert.equal(puny.decode(encoded.toUpperCase()), puny.ucs2.encode(
      codePoints.map((c) => (c < 0x80 ? String.fromCharCode(c).toUpperCase().charCodeAt(0) : c))), name);
  }
});

test('code points beyond the BMP cross as surrogate pairs', () => {
  const text = 'a\u{1F600}b\u{10FFFF}';
  assert.equal(puny.decode(puny.encode(text)), text);
  assert.equal(puny.encode(text), punycodeJs.encode(text));
});

test('invalid input throws a RangeError, as punycode.js does, with code and offset', () => {
  // [input, puny's error code, whether punycode.js 2.1.1 throws too]
  const cases = [
    ['ü-abc', 'non_basic_before_delimiter', true],
    ['9'.repeat(30) + 'a', 'overflow', true],  // w * 35 passes 2^64 at digit 18
    // punycode.js 2.1.1 returns 'a\uDC00' (a lone surrogate) for this one,
    ['a-9z5g', 'decoded_out_of_range', false],
    // and four C1 controls for this one ('!' is not a digit).
    ['abc!', 'invalid_digit', false],
    ['zz', 'truncated_number', true],
  ];
  for (const [input, code, peerThrows] of cases) {
    if (peerThrows) assert.throws(() => punycodeJs.decode(input), RangeError, `punycode.js rejects ${input}`);
    else assert.equal(typeof punycodeJs.decode(input), 'string', `punycode.js accepts ${input}`);
    assert.throws(() => puny.decode(input), (e) => {
      assert.ok(e instanceof RangeError);
      assert.ok(e instanceof puny.PunyError);
      assert.equal(e.code, code, input);
      assert.equal(e.uts46, 'P4', 'a Punycode error is P4 (UTS #46 section 4.1 step 4), as in C, the CLI and Python');
      assert.ok(e.offset >= 0 && e.offset <= input.length, `${input}: offset ${e.offset}`);
      assert.match(e.message, new RegExp(`^${code} at offset ${e.offset}`));
      return true;
    });
  }
  // The offset points at the character: '!' is at index 3.
  assert.throws(() => puny.decode('abc!'), { offset: 3, codePoint: 0x21 });
  assert.throws(() => puny.toUnicode('a.xn--abc!.b'), { code: 'invalid_digit' });
});

test('deliberate differences from punycode.js: surrogates are not code points', () => {
  // RFC 3492 encodes code points; a lone surrogate is not a Unicode scalar
  // value, so puny refuses it where punycode.js encodes it.
  assert.throws(() => puny.encode('a\uD800b'), { code: 'invalid_utf16', offset: 1 });
  assert.equal(typeof punycodeJs.encode('a\uD800b'), 'string');
  // Decoding to a surrogate code point fails the same way.
  const surrogate = punycodeJs.encode('\uD800');
  assert.throws(() => puny.decode(surrogate), { code: 'decoded_out_of_range' });
});

test('an email address keeps everything before its last @ as the local part', () => {
  assert.equal(puny.toASCII('a@b@mañana.com'), 'a@b@xn--maana-pta.com');
  assert.equal(puny.toUnicode('a@b@xn--maana-pta.com'), 'a@b@mañana.com');
});

// A small deterministic generator: strings mixing ASCII, Latin, CJK, astral
// and separators, as punycode.js's users pass them.
function* randomStrings(count, seed) {
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pools = ['abcXYZ09-', 'äöüßéñ', '日本語中文字', '\u{1F600}\u{1F4A9}\u{20000}', '.\u3002@'];
  for (let i = 0; i < count; ++i) {
    const length = Math.floor(next() * 12);
    let s = '';
    for (let j = 0; j < length; ++j) {
      const pool = [...pools[Math.floor(next() * pools.length)]];
      s += pool[Math.floor(next() * pool.length)];
    }
    yield s;
  }
}

test('differential: the same results as punycode.js on 5,000 generated strings', () => {
  let compared = 0;
  for (const s of randomStrings(5000, 15)) {
    const label = s.replace(/[.\u3002@]/g, '');
    assert.equal(puny.encode(label), punycodeJs.encode(label), JSON.stringify(label));
    assert.equal(puny.decode(punycodeJs.encode(label)), label, JSON.stringify(label));
    if ((s.match(/@/g) || []).length <= 1) {
      const ascii = punycodeJs.toASCII(s);
      assert.equal(puny.toASCII(s), ascii, JSON.stringify(s));
      assert.equal(puny.toUnicode(ascii), punycodeJs.toUnicode(ascii), JSON.stringify(ascii));
    }
    compared += 1;
  }
  assert.equal(compared, 5000);
});

// toASCII / toUnicode copy each run of labels they leave as they are in one
// piece and splice in the labels they convert (mapDomain in
// surfaces/js/lib/core.js): runs at the start, middle and end, empty
// labels, the IDNA2003 dots (which come out as '.') and a local part, each
// as punycode.js maps it.
test('names mixing converted and unchanged labels map as in punycode.js', () => {
  const names = [
    'ü', 'a', 'ü.a', 'a.ü', 'a.b.ü.c.d', 'ü.ü.a.a.ü', '.ü..a.', 'ü\u3002a\uFF0Eb\uFF61ü',
    'user@a.ü.b', 'ü@ü.a', 'a.b.c', 'xn--tda', '日本.example.ü.' + 'a.'.repeat(50) + 'ü',
  ];
  for (const name of names) {
    const ascii = punycodeJs.toASCII(name);
    assert.equal(puny.toASCII(name), ascii, JSON.stringify(name));
    assert.equal(puny.toUnicode(ascii), punycodeJs.toUnicode(ascii), JSON.stringify(ascii));
    // toUnicode leaves non-ASCII labels (and ASCII ones without the
    // prefix) as they are, beside the ones it decodes.  (One '@' at most:
    // punycode.js keeps the text after a second one as its local part.)
    const mixed = name.includes('@') ? name + '.xn--tda' : name + '.xn--tda.' + name;
    assert.equal(puny.toUnicode(mixed), punycodeJs.toUnicode(mixed), JSON.stringify(mixed));
  }
  // Many labels, every other one converted, as one long line.
  const many = 'ü.a.'.repeat(20000) + 'ü';
  assert.equal(puny.toASCII(many), punycodeJs.toASCII(many));
  const back = puny.toASCII(many);
  assert.equal(puny.toUnicode(back), many);
  assert.equal(puny.toUnicode('ü.'.repeat(20000) + 'xn--tda'), 'ü.'.repeat(20001).slice(0, -1));
  // An error after a run of unchanged labels still points into the caller's
  // string, with that label's index.
  const input = 'ü.a.'.repeat(3) + 'xn--abc!.b';
  assert.throws(() => puny.toUnicode(input), { code: 'invalid_digit', offset: input.indexOf('!'), label: 6 });
});

// ucs2.decode sizes its Array once and cuts it to the count of code points:
// a plain, dense Array of numbers (punycode.js's), also past 2^24 code units
// (where it stops sizing ahead and grows the array).
test('ucs2.decode returns a plain dense Array, short or long, with pairs anywhere', () => {
  const texts = ['', 'a', '\uD834\uDF06', 'a\uD834\uDF06b\uD834', '\uDC00\uD800',
                 '\uD834\uDF06'.repeat(1000) + 'x', 'ü'.repeat(70000) + '\u{1F600}'];
  for (const text of texts) {
    const points = puny.ucs2.decode(text);
    assert.ok(Array.isArray(points) && Object.getPrototypeOf(points) === Array.prototype);
    assert.deepEqual(points, punycodeJs.ucs2.decode(text), JSON.stringify(text.slice(0, 20)));
    assert.equal(Object.keys(points).length, points.length, 'no holes');
    assert.equal(puny.ucs2.encode(points), text);
  }
  const long = 'a'.repeat((1 << 24) - 2) + '\u{1F600}\u{1F601}b\uD800';
  const points = puny.ucs2.decode(long);
  assert.equal(points.length, (1 << 24) + 2);
  assert.deepEqual(points.slice(-6), [0x61, 0x61, 0x1F600, 0x1F601, 0x62, 0xD800]);
  assert.equal(puny.ucs2.encode(points), long);
});
