// puny/display loads its module on demand (surfaces/js/lib/lazy-entry.js,
// issues 42 and 54): the entry files carry no module; every function runs
// on display.wasm, found beside them at the first call (CommonJS with fs,
// the ES module through import.meta.url) or taken from display-data.js (a
// page from file://).
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import vm from 'node:vm';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { packageDir, puny, punyDisplay } from './support/load.mjs';
import { browserContext, instanceCounts } from './support/lazy-modules.mjs';

const require = createRequire(import.meta.url);
const dist = path.join(packageDir, 'dist');
const APPLE = '\u0430\u0440\u0440\u04cf\u0435.com';  // Cyrillic letters that look like "apple"

test('the CommonJS and ES module forms load the same display module', () => {
  const cjs = require(path.join(dist, 'display.cjs'));
  assert.deepEqual(cjs.display(APPLE), punyDisplay.display(APPLE));
  assert.equal(cjs.toDisplay(APPLE), 'xn--80ak6aa92e.com');
  assert.equal(cjs.skeleton('paypal'), punyDisplay.skeleton('paypal'));
  assert.deepEqual(cjs.displayProfiles, punyDisplay.displayProfiles);
});

test("the display functions' errors are the entry point's PunyError", () => {
  for (const entry of [punyDisplay, require(path.join(dist, 'display.cjs'))]) {
    assert.throws(() => entry.display('a\uD800.com'), (error) =>
      error instanceof entry.PunyError && error instanceof RangeError && error.code === 'invalid_utf16');
    assert.throws(() => entry.skeleton('\uDC00'), entry.PunyError);
    assert.throws(() => entry.display(42), TypeError);
  }
});

test('the browser form takes the module from display-data.js when it ran first', () => {
  const context = browserContext();
  vm.runInContext(readFileSync(path.join(dist, 'display-data.js'), 'utf8'), context);
  vm.runInContext(readFileSync(path.join(dist, 'display.browser.js'), 'utf8'), context);
  assert.equal(context.puny.toDisplay(APPLE), 'xn--80ak6aa92e.com');
  assert.equal(context.puny.toAscii('Bücher.de'), 'xn--bcher-kva.de');
});

test('without its module the browser form gives what needs no call, and says what is missing at the first', () => {
  const context = browserContext();
  vm.runInContext(readFileSync(path.join(dist, 'display.browser.js'), 'utf8'), context);
  // What needs no call is in the entry file: reading it loads nothing.
  assert.ok(context.puny.displayProfiles.some((p) => p.name === 'chromium'));
  assert.ok(context.puny.presets.includes('uts46'));
  assert.equal(context.puny.unicodeVersion, puny.unicodeVersion);
  assert.equal(typeof context.puny.PunyError, 'function');
  for (const call of [() => context.puny.toAscii('B\u00fccher.de'), () => context.puny.toDisplay(APPLE),
                      () => context.puny.ucs2.decode('ab')])
    assert.throws(call, /puny\/display: could not load display\.wasm/);
});

// The entry file's data (written in at build time) is the module's.
test('what the entry file answers without its module equals the main entry point', () => {
  for (const name of ['version', 'unicodeVersion', 'presets', 'presetList', 'presetAliases', 'flagNames'])
    assert.deepEqual(punyDisplay[name], puny[name], name);
  assert.equal(punyDisplay.PunyError, puny.PunyError);
  assert.ok(Object.isFrozen(punyDisplay.presetList[0]) && Object.isFrozen(punyDisplay.displayProfiles[0]));
  assert.equal(punyDisplay.ucs2.encode([0x1f600]), '\u{1f600}');
  assert.equal(punyDisplay.idna.toUnicode('xn--bcher-kva.de'), 'b\u00fccher.de');
});

// Issue 54: the entry file carried the main module and display.wasm the
// engine again; now one module serves every function, and importing the
// entry point instantiates none.
test('importing puny/display instantiates no module; the first call one, for every function', () => {
  const counts = instanceCounts(path.join(dist, 'display.mjs'), 'display', `
    display.toAscii('B\u00fccher.de');
    mark();
    display.display('\u0430\u0440\u0440\u04cf\u0435.com');
    display.skeleton('paypal');
    mark();`);
  assert.deepEqual(counts, [0, 1, 1], 'instances after the import, the first toAscii, then display and skeleton');
});
