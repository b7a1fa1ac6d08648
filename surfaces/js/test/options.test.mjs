// The options argument (issue 51): an object or nothing.  A string was
// ignored (toAscii('a_b', 'url') ran uts46), {flags: 'x'} said 'unknown flag
// "0"', explain refused IDNA2008 only at run time (its type now excludes
// it: types/usage.ts), and punycode.js's toUnicode(x, {preset: 'url'}) on the
// main entry point ignored the options.
import test from 'node:test';
import assert from 'node:assert/strict';
import { puny } from './support/load.mjs';

const fns = () => [puny.toAscii, puny.toAsciiResult, puny.toUnicodeResult, (x, o) => puny.toAsciiMany([x], o),
  (x, o) => puny.toUnicodeMany([x], o), puny.idna.toUnicode];

test('an options argument that is not an object is a TypeError naming what it got', () => {
  for (const fn of fns()) {
    assert.throws(() => fn('a_b', 'url'), { name: 'TypeError', message: /options argument must be an object.*not string \("url"\)/ });
    assert.throws(() => fn('a_b', 5), { name: 'TypeError', message: /not number/ });
    assert.throws(() => fn('a_b', ['url']), { name: 'TypeError', message: /not an array/ });
    assert.throws(() => fn('a_b', true), TypeError);
  }
  // undefined and null are the default preset, as before.
  assert.equal(puny.toAscii('Bücher.de', undefined), 'xn--bcher-kva.de');
  assert.equal(puny.toAscii('Bücher.de', null), 'xn--bcher-kva.de');
  assert.throws(() => puny.explain('a', 'toAscii'), { name: 'TypeError', message: /options argument must be an object/ });
});

test('flags must be an object: a string is named as such, not as flag "0"', () => {
  assert.throws(() => puny.toAscii('a', { flags: 'x' }), (e) =>
    e instanceof TypeError && /options\.flags must be an object/.test(e.message) && !/"0"/.test(e.message));
  assert.throws(() => puny.toAscii('a', { flags: ['checkBidi'] }), { name: 'TypeError', message: /not an array/ });
  assert.throws(() => puny.toAscii('a', { flags: { nope: true } }), { name: 'TypeError', message: /unknown flag "nope"/ });
  assert.equal(puny.toAscii('a_b', { flags: null }), 'a_b');
  assert.equal(puny.toAscii('a_b', { preset: 'uts46', flags: { useStd3AsciiRules: false } }), 'a_b');
});

test("punycode.js's toASCII / toUnicode on the main entry point refuse an options object", () => {
  assert.throws(() => puny.toUnicode('xn--bcher-kva.de', { preset: 'url' }), {
    name: 'TypeError', message: /toUnicode is punycode\.js's and takes no options.*idna\.toUnicode/ });
  assert.throws(() => puny.toASCII('bücher.de', { preset: 'url' }), {
    name: 'TypeError', message: /toASCII is punycode\.js's.*idna\.toAscii/ });
  // As with punycode.js, map() passing an index still works.
  assert.deepEqual(['bücher.de', 'a.b'].map(puny.toASCII), ['xn--bcher-kva.de', 'a.b']);
  assert.deepEqual(['xn--bcher-kva.de'].map(puny.toUnicode), ['bücher.de']);
  assert.equal(puny.idna.toUnicode('xn--bcher-kva.de', { preset: 'url' }), 'bücher.de');
});

test('explain with an IDNA2008 preset says what to use instead', () => {
  assert.throws(() => puny.explain('a', { operation: 'toAscii', preset: 'idna2008' }),
    { name: 'TypeError', message: /explain traces the UTS #46 presets.*toAsciiResult/ });
});
