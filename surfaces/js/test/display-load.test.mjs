// puny/display loads its module on demand (surfaces/js/lib/display-load.js,
// issue 42): the entry files carry the main entry point's module and find
// display.wasm beside them (CommonJS with fs, the ES module through
// import.meta.url) or take it from display-data.js (a page from file://).
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import vm from 'node:vm';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { packageDir, punyDisplay } from './support/load.mjs';

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

// The browser form in a bare context: no document, no fs, no XMLHttpRequest.
function browserContext() {
  return vm.createContext({ queueMicrotask, atob, TextDecoder, TextEncoder, console });
}

test('the browser form takes the module from display-data.js when it ran first', () => {
  const context = browserContext();
  vm.runInContext(readFileSync(path.join(dist, 'display-data.js'), 'utf8'), context);
  vm.runInContext(readFileSync(path.join(dist, 'display.browser.js'), 'utf8'), context);
  assert.equal(context.puny.toDisplay(APPLE), 'xn--80ak6aa92e.com');
  assert.equal(context.puny.toAscii('Bücher.de'), 'xn--bcher-kva.de');
});

test('without its module the browser form still converts, and display says what is missing', () => {
  const context = browserContext();
  vm.runInContext(readFileSync(path.join(dist, 'display.browser.js'), 'utf8'), context);
  // The lists are in the entry file: reading them loads nothing.
  assert.ok(context.puny.displayProfiles.some((p) => p.name === 'chromium'));
  assert.equal(context.puny.toAscii('Bücher.de'), 'xn--bcher-kva.de');
  assert.throws(() => context.puny.toDisplay(APPLE), /puny\/display: could not load display\.wasm/);
});
