// Errors a caller can use (issue 45): wrong argument types are TypeErrors
// (as in punycode.js), punycode.js-style errors point into the caller's
// whole string, an uncaught error does not print the entry file, and a
// bulk call's failed items are cheap.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { puny, punyPunycode, punyDisplay, punycodeJs, packageDir } from './support/load.mjs';

const entries = [['puny', puny], ['puny/punycode', punyPunycode], ['puny/display', punyDisplay]];
const notStrings = [undefined, null, 5, true, {}, ['a'], Symbol('s'), 12n];

test('a non-string argument is a TypeError, not the text "undefined" or "null"', () => {
  // punycode.js throws a TypeError for undefined and null in each of these
  // (and for most other non-strings); so does every function here.
  for (const v of [undefined, null]) {
    for (const f of ['encode', 'decode', 'toASCII', 'toUnicode'])
      assert.throws(() => punycodeJs[f](v), TypeError, `punycode.js ${f}(${String(v)})`);
    assert.throws(() => punycodeJs.ucs2.decode(v), TypeError);
  }
  for (const [name, p] of entries) {
    for (const v of notStrings) {
      for (const f of ['encode', 'decode', 'toASCII', 'toUnicode'])
        assert.throws(() => p[f](v), TypeError, `${name} ${f}(${typeof v})`);
      assert.throws(() => p.ucs2.decode(v), TypeError, `${name} ucs2.decode(${typeof v})`);
    }
  }
  for (const v of notStrings) {
    for (const f of ['toAscii', 'toAsciiResult', 'toUnicodeResult', 'explain'])
      assert.throws(() => puny[f](v), TypeError, `${f}(${typeof v})`);
    assert.throws(() => puny.idna.toUnicode(v), TypeError);
    assert.throws(() => punyDisplay.display(v), TypeError);
    assert.throws(() => punyDisplay.skeleton(v), TypeError);
  }
  // A String object is its text, as punycode.js reads it.
  assert.equal(puny.encode(new String('mañana')), 'maana-pta');
  assert.equal(punycodeJs.encode(new String('mañana')), 'maana-pta');
  assert.equal(puny.toAscii(new String('Bücher.de')), 'xn--bcher-kva.de');
});

test('the bulk forms take an iterable of strings; anything else is a TypeError', () => {
  for (const [name, p] of entries) {
    for (const f of ['encodeMany', 'decodeMany']) {
      for (const bad of [5, null, undefined, 'abc', {}])
        assert.throws(() => p[f](bad), TypeError, `${name} ${f}(${String(bad)})`);
      // A hole, null or a number among the items names its index.
      assert.throws(() => p[f]([, 'a']), /item 0 is not a string/);  // eslint-disable-line no-sparse-arrays
      assert.throws(() => p[f](['a', null]), /item 1 is not a string/);
      assert.throws(() => p[f](['a', 'b', 7]), /item 2 is not a string/);
      assert.deepEqual(p[f](new Set(['a'])).map((r) => r.input), ['a']);
    }
  }
  for (const f of ['toAsciiMany', 'toUnicodeMany']) {
    assert.throws(() => puny[f](5), TypeError);
    assert.throws(() => puny[f](['a.com', undefined]), /item 1 is not a string/);
  }
});

test('ucs2.encode takes any iterable, as punycode.js does', () => {
  for (const [, p] of entries) {
    assert.equal(p.ucs2.encode(new Set([0x61, 0x1D306])), punycodeJs.ucs2.encode(new Set([0x61, 0x1D306])));
    assert.equal(p.ucs2.encode(new Set([0x61])), 'a');
    assert.equal(p.ucs2.encode((function* () { yield 0x62; yield 0xFC; })()), 'bü');
    assert.equal(p.ucs2.encode(Uint32Array.of(0x63)), 'c');
    for (const bad of [null, undefined, 5])
      assert.throws(() => p.ucs2.encode(bad), TypeError);
  }
});

test('punycode.js-style toASCII/toUnicode errors point into the whole input, with the label', () => {
  for (const [name, p] of entries) {
    // 'me@abc.xn--ab-c!d.com': the '!' is at 15, in label 1 of the domain.
    const input = 'me@abc.xn--ab-c!d.com';
    let e;
    try { p.toUnicode(input); } catch (x) { e = x; }
    assert.equal(input[e.offset], '!', `${name}: ${e.message}`);
    assert.equal(e.offset, 15);
    assert.equal(e.label, 1);
    assert.equal(e.input, input);
    assert.match(e.message, /at offset 15/);
    // A lone surrogate in the third label of an address's domain.
    const bad = 'x@a.b.c\uD800d.org';
    try { p.toASCII(bad); assert.fail('no error'); } catch (x) { e = x; }
    assert.equal(e.code, 'invalid_utf16');
    assert.equal(e.offset, bad.indexOf('\uD800'));
    assert.equal(e.label, 2);
    // IDNA2003 dots separate labels too.
    const dots = 'a\u3002xn--zz-!';
    try { p.toUnicode(dots); assert.fail('no error'); } catch (x) { e = x; }
    assert.equal(e.offset, dots.indexOf('!'));
    assert.equal(e.label, 1);
  }
});

// Node prints the source line of an uncaught error's throw site; when that
// was the one line of a minified entry file it printed the whole file (the
// packed .wasm too: 64 KB for puny, 17 KB for puny/punycode).  punycode.js
// prints about 0.6 KB.
test('an uncaught PunyError prints a few hundred bytes, not the entry file', () => {
  for (const entry of ['punycode', 'puny', 'display']) {
    for (const form of ['cjs', 'mjs']) {
      const file = path.join(packageDir, 'dist', `${entry}.${form}`);
      const script = form === 'cjs'
        ? `require(${JSON.stringify(file)}).decode('ab!');`
        : `import(${JSON.stringify('file://' + file)}).then((p) => p.decode('ab!'));`;
      const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
      assert.notEqual(r.status, 0);
      assert.match(r.stderr, /PunyError: invalid_digit at offset 2/);
      assert.ok(r.stderr.length < 3000, `${entry}.${form}: ${r.stderr.length} characters on stderr`);
      const longest = Math.max(...r.stderr.split('\n').map((l) => l.length));
      assert.ok(longest <= 300, `${entry}.${form}: a line of ${longest} characters on stderr`);
    }
  }
});

test("a bulk call's failed item is the PunyError of its single call, without a captured stack", () => {
  const items = ['ab!', 'a\uD800', 'bcher-kva'];
  for (const [name, p] of entries) {
    const r = p.decodeMany(items);
    assert.equal(r[2].output, 'bücher');
    for (const i of [0, 1]) {
      const e = r[i].error;
      assert.ok(e instanceof p.PunyError && e instanceof RangeError, name);
      let single;
      try { p.decode(items[i]); } catch (x) { single = x; }
      assert.equal(e.message, single.message);
      assert.equal(e.offset, single.offset);
      assert.deepEqual(e.errors, single.errors);
      // The stack is the message alone: no frames were captured.
      assert.equal(e.stack.split('\n').filter((l) => /^\s+at /.test(l)).length, 0, `${name}: ${e.stack}`);
      // No Error object per failed item (issue 45: each cost about 5 us and
      // 600 bytes): a record on a prototype that inherits PunyError's.
      assert.notEqual(Object.prototype.toString.call(e), '[object Error]', name);
      assert.equal(String(e), String(single));
      // The UTS #46 code of a plain Punycode error is P4 (the core's rule,
      // as C, the CLI and Python), its message as it always was.
      assert.deepEqual([e.uts46, single.uts46], i === 0 ? ['P4', 'P4'] : [null, null]);
      assert.match(e.message, /^[a-z_0-9]+ at offset \d/);
    }
    // The single call still has its stack, and the limit is back.
    assert.match(new Error('x').stack, /\n\s+at /);
  }
  const idna = puny.toAsciiMany(['a\u200d.de']);
  assert.equal(idna[0].error.code, 'contextj');
  assert.equal(idna[0].error.bestEffort, 'xn--a-ugn.de');
  assert.equal(idna[0].error.uts46, 'C2');
  assert.match(idna[0].error.message, /^contextj \(C2\) at offset 1/);
  // Items of one kind of error keep their own places, and kinds that differ
  // only in their detail (C1 / C2) or source (P4 / none) stay apart: the
  // IDNA levels read each item's record in place, its kind's JSON once.
  for (const [name, p] of entries) {
    const r = p.decodeMany(['ab!', 'abcd!', 'a-\u00fc', 'xyzzy-!']);
    for (const [i, input] of ['ab!', 'abcd!', 'a-\u00fc', 'xyzzy-!'].entries()) {
      let single;
      try { p.decode(input); } catch (x) { single = x; }
      assert.deepEqual([r[i].error.offset, r[i].error.codePoint, r[i].error.message, r[i].error.errors],
                       [single.offset, single.codePoint, single.message, single.errors], `${name}: ${input}`);
    }
  }
  const joiners = puny.toAsciiMany(['a\u200c.de', 'a\u200d.de', 'bb\u200c.de']);
  assert.deepEqual(joiners.map((x) => [x.error.uts46, x.error.offset, x.error.detail]),
                   [['C1', 1, 1], ['C2', 1, 2], ['C1', 2, 1]]);
  assert.deepEqual(joiners.map((x) => x.error.message), ['a\u200c.de', 'a\u200d.de', 'bb\u200c.de'].map((d) => {
    try { puny.toAscii(d); } catch (x) { return x.message; }
    return null;
  }));
  // IDNA2008 errors carry no UTS #46 code, thrown or in a bulk item.
  const ii = puny.toAsciiMany(['\u216b.com'], { preset: 'idna2008' })[0].error;
  assert.deepEqual([ii.code, ii.uts46, ii.errors[0].uts46], ['disallowed', null, '']);
});

// The module takes up to 2^24 code units (docs/javascript.md, "Limits"):
// beyond, the core's input_too_long at that offset, before anything is
// written into the module.  A 200M-character name used to abort the module
// with a plain Error, from the result forms too.
test('an input past 2^24 code units is input_too_long: thrown, or the error value of the result and bulk forms', () => {
  const limit = 1 << 24;
  const huge = 'a'.repeat(limit + 1);
  const tooLong = (e) => e instanceof puny.PunyError && e.code === 'input_too_long' && e.offset === limit;
  for (const [name, p] of entries) {
    assert.throws(() => p.encode(huge), (e) => e instanceof p.PunyError && e.code === 'input_too_long', name);
    assert.throws(() => p.decode(huge), (e) => e.code === 'input_too_long' && e.offset === limit, name);
    assert.throws(() => p.toASCII('\u00fc' + huge), (e) => e.code === 'input_too_long', name);
    const many = p.encodeMany(['a', huge, 'b\u00fccher']);
    assert.deepEqual(many.map((r) => r.output), ['a-', null, 'bcher-kva'], name);
    assert.equal(many[1].error.code, 'input_too_long');
    assert.equal(p.decodeMany([huge])[0].error.code, 'input_too_long');
  }
  assert.throws(() => puny.toAscii(huge), tooLong);
  for (const f of ['toAsciiResult', 'toUnicodeResult']) {
    const r = puny[f](huge);
    assert.equal(r.ok, false);
    assert.equal(r.value, null);
    assert.equal(r.errors[0].code, 'input_too_long');
    assert.equal(r.errors[0].offset, limit);
  }
  assert.equal(puny.toAsciiMany([huge, 'a.com'])[0].error.code, 'input_too_long');
  assert.equal(puny.toAsciiMany([huge, 'a.com'])[1].output, 'a.com');
  // At the limit itself the conversion runs (the ASCII name is its own output).
  assert.equal(puny.toAsciiResult(huge.slice(1)).ok, true);
});

// WebAssembly memory only grows: after one large call the module kept it
// for good (144 MB of external memory after a 4M-character name, 456 MB
// after larger ones).  The loader replaces the instance once the call is
// over (surfaces/js/lib/load.js), and the module keeps working.
test('a large call does not pin its memory: the instance is renewed after it', async () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  // V8 frees a dropped WebAssembly memory over a collection or two (and the
  // tests before this one left some): collect until the figure holds still.
  const settled = async () => {
    let last = -1;
    for (let k = 0; k < 20; ++k) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      gc();
      const now = process.memoryUsage().external;
      if (Math.abs(now - last) < 1e6) return now;
      last = now;
    }
    return last;
  };
  for (const [name, p] of entries) {
    const before = await settled();
    assert.equal(p.encode('\u00fc'.repeat(8e6)).length > 8e6, true);
    const during = process.memoryUsage().external;
    assert.ok(during - before > 64e6, `${name}: the call grew the memory (${during - before} bytes)`);
    const after = await settled();
    assert.ok(after - before < 32e6, `${name}: ${after - before} bytes still held after the call`);
    // The renewed instance converts as before, its buffers grown again.
    assert.equal(p.encode('b\u00fccher'), 'bcher-kva');
    assert.equal(p.decode('3B-ww4c5e180e575a65lsy2b'), '3年B組金八先生');
    assert.deepEqual(p.decodeMany(['bcher-kva', 'ab!']).map((r) => r.output), ['bücher', null]);
  }
  assert.equal(punyDisplay.toDisplay('b\u00fccher.de'), 'bücher.de');
  // The lists the display layer had sent go to the new instance too.
  const topDomains = 'google.com\n';
  assert.equal(punyDisplay.toDisplay('www.googl\u00e9.com', { topDomains }), 'www.xn--googl-fsa.com');
  punyDisplay.skeleton('\u00fc'.repeat(8e6));
  await settled();
  assert.equal(punyDisplay.toDisplay('www.googl\u00e9.com', { topDomains }), 'www.xn--googl-fsa.com');
});

// toAsciiMany / toUnicodeMany (issue 45): a failed item is reported from
// the bulk pass itself (the module records its error, every error and the
// best effort, surfaces/js/src/idna_exports.cpp record_failure), not
// converted again from JavaScript; its errors and bestEffort are built when
// read.  What the item says is what the single call throws, field by field.
const invalidNames = [
  'a\u200db.de', 'a\u200c', '\u0915\u094d\u200c.in', '\u05d0a.com', 'a\u05d0.com', '\u0627\u0031.com', 'a.\u05d0',
  '\u2260', '\u2488.com', 'a b.com', 'a/b', 'a\u0000b', 'ab--c.de', '-ab.de', 'ab-.de', 'xn--a.de',
  'xn--ab-c!d.com', 'xn--.de', 'XN--ZCA', 'xn--ab--c.de', 'a\ud800b.de', '\udc00', 'a\udbff', '\udfff\ud800',
  'a..b', '.', '', '..', '\u0300a.de', 'a\u00b7b', '\u30fb.jp', 'x'.repeat(64) + '.de',
  ('a'.repeat(63) + '.').repeat(5), '\u00e9'.repeat(300), 'xn--i-7iq.com', 'mail@b\u00fccher.de', 'b\u00fccher.de',
];
test("toAsciiMany / toUnicodeMany: a failed item is its single call's PunyError, under every preset", () => {
  const names = [...invalidNames, ...invalidNames.map((d) => 'ok.' + d + '.' + d.toUpperCase())];
  for (const preset of puny.presets) {
    for (const [many, one] of [['toAsciiMany', puny.idna.toAscii], ['toUnicodeMany', puny.idna.toUnicode]]) {
      const items = puny[many](names, { preset });
      let failed = 0;
      for (const [i, name] of names.entries()) {
        let single = null;
        let output = null;
        try { output = one(name, { preset }); } catch (x) { single = x; }
        const e = items[i].error;
        const where = `${preset} ${many} ${JSON.stringify(name)}`;
        assert.equal(items[i].output, output, where);
        assert.equal(e === null, single === null, where);
        if (!e) continue;
        failed++;
        assert.ok(e instanceof puny.PunyError && e instanceof RangeError, where);
        for (const f of ['name', 'message', 'code', 'uts46', 'offset', 'label', 'codePoint', 'detail', 'input', 'bestEffort'])
          assert.equal(e[f], single[f], `${where}: ${f}`);
        assert.deepEqual(e.errors, single.errors, where);
        // Built when read, not kept per item; JSON as it was with own fields.
        assert.equal(Object.hasOwn(e, 'errors') || Object.hasOwn(e, 'bestEffort'), false, where);
        assert.deepEqual(JSON.parse(JSON.stringify(e)).errors, single.errors, where);
        assert.equal(JSON.parse(JSON.stringify(e)).bestEffort, single.bestEffort, where);
      }
      // (The url preset's ToUnicode fails on ill-formed input only.)
      assert.ok(failed >= 8, `${preset} ${many}: ${failed} failed items`);
    }
  }
});

// A bulk item with a long output (or a long failed name) grew the module's
// output buffer without the JavaScript side learning its new address: the
// next calls read freed memory (toUnicode('xn--bcher-kva.de') returned
// '{"unicode', a failed item's record threw a SyntaxError).
test('a bulk call with long items leaves the single calls and the item errors right', () => {
  const long = '\u00fc'.repeat(3000) + '.de';
  for (const many of ['toAsciiMany', 'toUnicodeMany']) {
    const r = puny[many]([long, '\u0660'.repeat(2000) + '.a', 'a\u200d'.repeat(600)]);
    assert.equal(r[0].error, null);
    assert.equal(r[1].error.code, 'bidi');
    assert.equal(r[2].error.code, 'contextj');
    assert.equal(r[2].error.errors.length, 600);
    assert.equal(puny.toUnicode('xn--bcher-kva.de'), 'bücher.de');
    assert.equal(puny.toAscii('b\u00fccher.de'), 'xn--bcher-kva.de');
    assert.equal(puny.idna.toUnicode('xn--bcher-kva.de'), 'bücher.de');
  }
});
