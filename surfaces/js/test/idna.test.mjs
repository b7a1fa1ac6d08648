// puny's own API: UTS #46 toAscii / toUnicode with presets, flags and
// located errors, compared where it applies with Node's url.domainToASCII.
import test from 'node:test';
import assert from 'node:assert/strict';
import url from 'node:url';
import fs from 'node:fs';
import { puny, punyDisplay } from './support/load.mjs';

test('toAscii and idna.toUnicode convert whole domains (UTS #46)', () => {
  assert.equal(puny.toAscii('bücher.de'), 'xn--bcher-kva.de');
  assert.equal(puny.toAscii('Bücher.DE'), 'xn--bcher-kva.de');
  assert.equal(puny.toAscii('3年B組金八先生.jp'), 'xn--3b-ww4c5e180e575a65lsy2b.jp');
  assert.equal(puny.toAscii('faß.de'), 'xn--fa-hia.de');
  assert.equal(puny.toAscii('faß.de', { flags: { transitionalProcessing: true } }), 'fass.de');
  assert.equal(puny.idna.toUnicode('XN--BCHER-KVA.DE'), 'bücher.de');
  assert.equal(puny.idna.toAscii, puny.toAscii);
});

test('presets and flags: the names the C++ presets use, unknown names refused', () => {
  assert.deepEqual([...puny.presets], ['uts46', 'url', 'url-strict', 'uts46-strict', 'idna2008',
                                        'idna2008-lookup', 'uts46-raw']);
  assert.equal(puny.presetFlags('url').checkHyphens, false);
  assert.equal(puny.presetFlags('uts46').checkHyphens, true);
  assert.equal(puny.presetFlags('registration').useStd3AsciiRules, true);
  // CheckHyphens: -x-.example fails by default, passes with the flag off.
  assert.throws(() => puny.toAscii('-x-.example'), { code: 'leading_hyphen', uts46: 'V3' });
  assert.equal(puny.toAscii('-x-.example', { flags: { checkHyphens: false } }), '-x-.example');
  // UseSTD3ASCIIRules reports, never deletes.
  assert.equal(puny.toAscii('a_b.com'), 'a_b.com');
  assert.throws(() => puny.toAscii('a_b.com', { preset: 'registration' }),
                { code: 'std3_disallowed', uts46: 'U1', offset: 1 });
  assert.throws(() => puny.toAscii('x', { preset: 'strict' }), TypeError);
  assert.throws(() => puny.toAscii('x', { flags: { checkHyphen: false } }), TypeError);
});

test('host-safe by default: forbidden domain code points are errors, uts46-raw is plain UTS #46', () => {
  for (const [input, offset] of [['a b.com', 1], ['a/b.com', 1], ['a\0b.com', 1], ['x.com:80', 5],
                                 ['me@b\u00fccher.de', 2], ['\uff0fx.com', 0]]) {
    const codePoint = input.codePointAt(offset);
    assert.throws(() => puny.toAscii(input), { code: 'forbidden_domain_code_point', offset });
    assert.throws(() => puny.idna.toUnicode(input), { code: 'forbidden_domain_code_point', offset });
    // IDNA2008 lookup: in an ASCII label a forbidden code point; in a label
    // with non-ASCII code points the RFC 5892 property refuses it first.
    assert.throws(() => puny.toAscii(input, { preset: 'idna2008-lookup' }),
                  { code: /^(forbidden_domain_code_point|disallowed)$/, offset });
    const r = puny.toAsciiResult(input);
    assert.equal(r.ok, false);
    assert.equal(r.errors[0].code, 'forbidden_domain_code_point');
    assert.equal(r.errors[0].codePoint, codePoint === 0xff0f ? 0x2f : codePoint);
    // The one word for the specification's own behaviour.
    assert.doesNotThrow(() => puny.toAscii(input, { preset: 'uts46-raw' }));
    assert.doesNotThrow(() => puny.toAscii(input, { flags: { forbidDomainCodePoints: false } }));
  }
  assert.equal(puny.toAscii('a b.com', { preset: 'uts46-raw' }), 'a b.com');
  assert.equal(puny.presetFlags('uts46').forbidDomainCodePoints, true);
  assert.equal(puny.presetFlags('uts46-raw').forbidDomainCodePoints, false);
});

test('errors carry code, UTS #46 code, offset in the JavaScript string, label', () => {
  // U+1F600 takes two UTF-16 code units: the offset counts them, so
  // input.slice(offset) starts at the culprit.
  const input = '\u{1F600}.a\u200d.example';
  assert.throws(() => puny.toAscii(input), (e) => {
    assert.ok(e instanceof puny.PunyError && e instanceof RangeError);
    assert.equal(e.code, 'contextj');
    assert.equal(e.uts46, 'C2');
    assert.equal(e.label, 1);
    assert.equal(e.offset, 4);
    assert.equal(input.slice(e.offset).codePointAt(0), 0x200D);
    assert.equal(e.codePoint, 0x200D);
    assert.equal(e.errors.length, 1);
    assert.equal(e.bestEffort, 'xn--e28h.xn--a-ugn.example');
    return true;
  });
  // A lone surrogate is reported where it is, not replaced by U+FFFD.
  assert.throws(() => puny.toAscii('ab\uD800.com'), { code: 'invalid_utf16', offset: 2 });
});

test('result forms never throw and list every error', () => {
  const r = puny.toAsciiResult('a\u2028b.xn--a.-x');
  assert.equal(r.ok, false);
  assert.equal(r.value, null);
  assert.ok(r.errors.length >= 3, JSON.stringify(r.errors));
  assert.deepEqual(r.errors.map((e) => e.uts46), ['V7', 'V7', 'V3']);
  assert.deepEqual(r.errors.map((e) => e.label), [0, 1, 2]);
  const ok = puny.toAsciiResult('bücher.de');
  assert.deepEqual(ok, { ok: true, value: 'xn--bcher-kva.de', bestEffort: 'xn--bcher-kva.de', errors: [],
                         validationErrors: [] });
  const u = puny.toUnicodeResult('xn--bcher-kva.xn--a.de');
  assert.equal(u.ok, false);
  assert.equal(u.bestEffort, 'bücher.\uFFFD.de');
  assert.equal(u.errors[0].uts46, 'V7');
});

test('the url preset\'s toUnicode returns the input on error (URL Standard domain to Unicode)', () => {
  // Step 2: "If an error was recorded, then return domain": it never
  // fails, and the errors are validation errors.
  const u = puny.toUnicodeResult('xn--bcher-kva.xn--a.de', { preset: 'url' });
  assert.equal(u.ok, true);
  assert.equal(u.value, 'xn--bcher-kva.xn--a.de');
  assert.equal(u.bestEffort, 'xn--bcher-kva.xn--a.de');
  assert.deepEqual(u.errors, []);
  assert.deepEqual(u.validationErrors.map((e) => [e.uts46, e.label]), [['V7', 1]]);
  assert.equal(puny.idna.toUnicode('XN--8I7CAA.com', { preset: 'url' }), 'XN--8I7CAA.com');
  // Ill-formed input (a lone surrogate) stays an error.
  assert.throws(() => puny.idna.toUnicode('a\uD800.com', { preset: 'url' }), { code: 'invalid_utf16' });
  // Step 3: no error, the ToUnicode result.
  assert.equal(puny.idna.toUnicode('XN--BCHER-KVA.DE', { preset: 'url' }), 'bücher.de');
});

test('the url preset\'s toAscii lists the URL Standard\'s validation errors', () => {
  // Domain parser steps 1-2: the strict ToASCII's failure is non-fatal.
  const r = puny.toAsciiResult('\u{1F600}.a_b.com', { preset: 'url' });
  assert.equal(r.ok, true);
  assert.equal(r.value, 'xn--e28h.a_b.com');
  assert.deepEqual(r.validationErrors.map((e) => [e.uts46, e.offset, e.label]), [['U1', 4, 1]]);
  assert.deepEqual(puny.toAsciiResult('a_b.com').validationErrors, []);  // uts46: none
  const t = puny.explain('A_B.com', { operation: 'toAscii', preset: 'url' });
  assert.equal(t.output, 'a_b.com');
  assert.deepEqual(t.validationErrors.map((e) => e.uts46), ['U1']);
});

test('the url preset agrees with Node\'s url.domainToASCII on ordinary names', () => {
  const names = ['bücher.de', 'EXAMPLE.com', 'faß.de', '3年B組金八先生.jp', 'xn--bcher-kva.de',
                 'ｅｘａｍｐｌｅ．ｃｏｍ', 'a.b.c.d', 'παράδειγμα.δοκιμή', 'مثال.إختبار'];
  for (const name of names)
    assert.equal(puny.toAscii(name, { preset: 'url' }), url.domainToASCII(name), name);
});

test('U+0000 is a code point (codePoint 0), "none" is null', () => {
  assert.throws(() => puny.toAscii('a\u0000b.example', { preset: 'registration' }),
                (e) => e.code === 'std3_disallowed' && e.offset === 1 && e.codePoint === 0 &&
                       e.errors[0].codePoint === 0 && e.message.includes('(U+0000)'));
  assert.throws(() => puny.decode('a\u0000c'),
                (e) => e.code === 'invalid_digit' && e.codePoint === 0);
  assert.throws(() => puny.toAscii('ab--c.com'),
                (e) => e.code === 'hyphen_3_4' && e.codePoint === null && e.errors[0].codePoint === null);
});

test('flags: the core registry (field names in camelCase, in the order of their stable bits)', () => {
  const vocabulary = JSON.parse(fs.readFileSync(process.env.PUNY_VOCABULARY, 'utf8'));
  const camel = (field) => field.replace(/_([a-z0-9])/g, (m, c) => c.toUpperCase());
  const byBit = [...vocabulary.flags].sort((a, b) => a.bit - b.bit);
  assert.deepEqual([...puny.flagNames], byBit.map((f) => camel(f.field)));
  assert.ok(puny.flagNames.includes('useStd3AsciiRules'));
  // Every flag the core has is accepted, on and off, and reaches the module
  // as its own bit: switching one flag changes that flag alone.
  for (const name of puny.flagNames) {
    for (const on of [true, false]) {
      assert.doesNotThrow(() => puny.toAsciiResult('a.example', { preset: 'uts46-raw', flags: { [name]: on } }), name);
    }
  }
  assert.throws(() => puny.toAscii('a.example', { flags: { use_std3_ascii_rules: true } }), TypeError);
  assert.equal(puny.toAscii('fa\u00df.de', { flags: { transitionalProcessing: true } }), 'fass.de');
  assert.throws(() => puny.toAscii('a_b.de', { preset: 'uts46-raw', flags: { useStd3AsciiRules: true } }),
                { code: 'std3_disallowed', uts46: 'U1' });
  assert.doesNotThrow(() => puny.toAscii('-a.de', { flags: { checkHyphens: false } }));
});

test('presets: the core registry, IDNA2008 included, aliases as the presets they name', () => {
  const vocabulary = JSON.parse(fs.readFileSync(process.env.PUNY_VOCABULARY, 'utf8'));
  assert.deepEqual([...puny.presets], vocabulary.presets.map((p) => p.name));
  assert.deepEqual(puny.presetList.map((p) => ({ ...p })), vocabulary.presets);
  assert.deepEqual({ ...puny.presetAliases },
                   Object.fromEntries(vocabulary.aliases.map((a) => [a.alias, a.name])));
  for (const [alias, name] of Object.entries(puny.presetAliases))
    for (const d of ['-x.com', 'a_b.com', 'xn--a.com', 'bücher.de'])
      assert.deepEqual(puny.toAsciiResult(d, { preset: alias }), puny.toAsciiResult(d, { preset: name }));
  // IDNA2008 by name: no mapping, so U+216B fails where UTS #46 maps it.
  assert.equal(puny.toAscii('\u216b.com'), 'xii.com');
  assert.throws(() => puny.toAscii('\u216b.com', { preset: 'idna2008' }),
                (e) => e.code === 'disallowed' && e.uts46 === null && e.offset === 0);
  assert.equal(puny.toAscii('bücher.de', { preset: 'idna2008' }), 'xn--bcher-kva.de');
  assert.equal(puny.idna.toUnicode('xn--bcher-kva.de', { preset: 'idna2008-lookup' }), 'bücher.de');
  const r = puny.toAsciiResult('a..b', { preset: 'idna2008' });
  assert.equal(r.ok, false);
  assert.equal(r.bestEffort, null);
  assert.equal(r.errors[0].code, 'empty_label');
  assert.throws(() => puny.explain('a.com', { operation: 'toAscii', preset: 'idna2008' }), TypeError);
  // The flags are the core's options; allowUnderscore and forbidDomainCodePoints too.
  assert.equal(puny.toAscii('_dmarc.example.com', { preset: 'uts46-strict', flags: { allowUnderscore: true } }),
               '_dmarc.example.com');
  assert.throws(() => puny.toAscii('a b.com', { flags: { forbidDomainCodePoints: true } }),
                { code: 'forbidden_domain_code_point' });
});

test('bulk forms: one {input, output, error} per item, the single calls\' answers', () => {
  const names = ['bücher.de', 'a\u200db.example', 'EXAMPLE.com', 'xn--a.com', '', 'a\uD800.com'];
  for (const [many, one, options] of [[puny.toAsciiMany, puny.toAscii, undefined],
                                      [puny.toAsciiMany, puny.toAscii, { preset: 'url' }],
                                      [puny.toUnicodeMany, puny.idna.toUnicode, { preset: 'uts46' }],
                                      [puny.toAsciiMany, puny.toAscii, { preset: 'idna2008' }]]) {
    const results = many(names, options);
    assert.equal(results.length, names.length);
    results.forEach((r, i) => {
      assert.equal(r.input, names[i]);
      let expected = null;
      let thrown = null;
      try { expected = one(names[i], options); } catch (e) { thrown = e; }
      assert.equal(r.output, expected, names[i]);
      assert.equal(r.error === null, thrown === null, names[i]);
      if (thrown) {
        assert.ok(r.error instanceof puny.PunyError);
        assert.deepEqual([r.error.code, r.error.offset, r.error.uts46], [thrown.code, thrown.offset, thrown.uts46]);
      }
    });
  }
  assert.deepEqual(puny.encodeMany(new Set(['bücher', 'a\uD800'])).map((r) => [r.output, r.error && r.error.code]),
                   [['bcher-kva', null], [null, 'invalid_utf16']]);
  assert.deepEqual(puny.decodeMany(['bcher-kva', 'ab!c']).map((r) => [r.output, r.error && r.error.code]),
                   [['bücher', null], [null, 'invalid_digit']]);
});

// The bulk forms cross in batches of code units with their lengths (bytes
// for decodeMany, whose non-ASCII items go to the single call), see
// surfaces/js/lib/core.js: U+0000, lone surrogates, failures and batch
// boundaries must all give the single call's answer.  (A non-string item is
// a TypeError for the whole call, as for the single call: errors.test.mjs.)
test('bulk forms: U+0000, lone surrogates, U+FFFD and several batches', () => {
  const awkward = ['a\u0000b', 'x\uDC00y', 'caf\uFFFD', 'ok', '\uD83D\uDE00', 'b\u00FCcher', 'xn--bcher-kva'];
  const many = [];
  for (let i = 0; i < 9000; ++i) many.push(i % 97 === 0 ? awkward[(i / 97) % awkward.length] : 'n\u00E4me' + i + '.example');
  const cases = [
    [puny.encodeMany, puny.encode, many.map((x) => (typeof x === 'string' ? x.replace(/\..*/, '') : x))],
    [puny.decodeMany, puny.decode, many.map((x, i) => (i % 2 ? 'bcher-kva' : x))],
    [(xs) => puny.toAsciiMany(xs, { preset: 'url' }), (x) => puny.toAscii(x, { preset: 'url' }), many],
    [(xs) => puny.toUnicodeMany(xs, { preset: 'uts46' }), (x) => puny.idna.toUnicode(x, { preset: 'uts46' }), many],
  ];
  for (const [bulk, one, items] of cases) {
    const results = bulk(items);
    assert.equal(results.length, items.length);
    let failures = 0;
    results.forEach((r, i) => {
      let expected = null;
      let code = null;
      try { expected = one(items[i]); } catch (e) { code = e.code; }
      assert.equal(r.input, items[i]);
      assert.equal(r.output, expected, String(items[i]));
      assert.equal(r.error && r.error.code, code, String(items[i]));
      if (code) ++failures;
    });
    assert.ok(failures > 0, 'the awkward items include failures');
  }
  // Items long enough to grow the module's memory in the middle of a batch
  // (its views are replaced), between short ones.
  const long = 'b\u00FCcher'.repeat(40000);
  const longAce = puny.encode(long);
  assert.deepEqual(puny.encodeMany(['a\u00E9', long, '\u00FC']).map((r) => r.output), [puny.encode('a\u00E9'), longAce, puny.encode('\u00FC')]);
  assert.deepEqual(puny.decodeMany(['bcher-kva', longAce, 'ca-hia']).map((r) => r.output), ['b\u00FCcher', long, puny.decode('ca-hia')]);
  const longDomain = ('a'.repeat(50) + '.').repeat(4000) + 'b\u00FCcher';
  assert.deepEqual(puny.toAsciiMany(['x.de', longDomain, 'b\u00FCcher.de']).map((r) => r.output),
                   ['x.de', puny.toAscii(longDomain), 'xn--bcher-kva.de']);
  // An output that begins with U+FEFF keeps it (a batch's outputs are read
  // with one decoder call, which must not take it for a byte order mark).
  const bom = puny.encode('\uFEFFab');
  assert.deepEqual(puny.decodeMany([bom, 'bcher-kva', bom]).map((r) => r.output), ['\uFEFFab', 'b\u00FCcher', '\uFEFFab']);
  // Items are plain objects, whatever makes them (see Item in core.js).
  assert.deepStrictEqual(puny.encodeMany(['b\u00FCcher'])[0], { input: 'b\u00FCcher', output: 'bcher-kva', error: null });
  assert.deepStrictEqual(puny.decodeMany(['b\u00FCcher-kva'])[0].output, null);
  assert.equal(puny.toAsciiMany(['a.b'])[0].constructor, Object);
  assert.deepEqual(Object.keys(puny.toUnicodeMany(['xn--bcher-kva.de'])[0]), ['input', 'output', 'error']);
  // Neighbours of U+0000 and of a lone surrogate are not affected.
  assert.deepEqual(puny.encodeMany(['a\u0000b', 'b\u00FCcher']).map((r) => r.output), [puny.encode('a\u0000b'), 'bcher-kva']);
  assert.deepEqual(puny.toAsciiMany(['x\uDC00y.com', 'b\u00FCcher.de']).map((r) => r.error && r.error.code),
                   ['invalid_utf16', null]);
});

test('preset and display profile names ignore ASCII case, as in SQL, the CLI and C', () => {
  assert.equal(puny.toAscii('a_b.com', { preset: 'URL' }), 'a_b.com');
  assert.throws(() => puny.toAscii('a_b.com', { preset: 'UTS46-Strict' }), { code: 'std3_disallowed' });
  assert.equal(puny.toAscii('a b.com', { preset: 'Uts46-Raw' }), 'a b.com');
  // Only ASCII case: a dotless or Kelvin-sign spelling names nothing.
  assert.throws(() => puny.toAscii('a.com', { preset: 'url\u212a' }), TypeError);
  const apple = '\u0430\u0440\u0440\u04cf\u0435.com';
  assert.deepEqual(punyDisplay.display(apple, { profile: 'ASCII-Only' }),
                   punyDisplay.display(apple, { profile: 'ascii-only' }));
  assert.deepEqual(punyDisplay.display(apple, { profile: 'Chromium' }), punyDisplay.display(apple));
});
