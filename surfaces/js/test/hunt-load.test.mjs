// puny/display's lookalike hunting runs on a module of its own (hunt.wasm,
// or hunt-data.js for a page from file://), loaded at the first huntIndex
// call (surfaces/js/lib/lazy-entry.js): display verdicts load the display
// module only, which carries neither the matcher nor its common-word table.
// Before, display.wasm carried both and every display verdict downloaded
// them (318,511 B gzipped against issue 54's 200 KB).
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import vm from 'node:vm';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { packageDir, punyDisplay } from './support/load.mjs';
import { browserContext, instanceCounts } from './support/lazy-modules.mjs';

const require = createRequire(import.meta.url);
const dist = path.join(packageDir, 'dist');
const APPLE = '\u0430\u0440\u0440\u04cf\u0435.com';  // Cyrillic letters that look like "apple"

test('display verdicts instantiate the display module only; the first huntIndex the hunt module', () => {
  const counts = instanceCounts(path.join(dist, 'display.mjs'), 'display', `
    display.huntRules.map((r) => r.name);
    mark();
    display.display('${APPLE}');
    display.toDisplay('${APPLE}');
    mark();
    const index = display.huntIndex('apple.com');
    mark();
    index.matches('${APPLE}');
    display.huntIndex('paypal.com').matches('paypa1.com');
    display.skeleton('paypal');
    mark();`);
  assert.deepEqual(counts, [0, 0, 1, 2, 2],
                   'instances after the import, huntRules, display verdicts, the first huntIndex, then more calls');
});

test('with display-data.js alone the browser form gives display verdicts, and huntIndex says what is missing', () => {
  const context = browserContext();
  vm.runInContext(readFileSync(path.join(dist, 'display-data.js'), 'utf8'), context);
  vm.runInContext(readFileSync(path.join(dist, 'display.browser.js'), 'utf8'), context);
  assert.equal(context.puny.toDisplay(APPLE), 'xn--80ak6aa92e.com');
  assert.ok(context.puny.huntRules.some((r) => r.name === 'skeleton'), 'huntRules is written into the entry file');
  assert.throws(() => context.puny.huntIndex('apple.com'),
                /puny\/display: could not load hunt\.wasm.*import 'puny\/hunt-data\.js'/s);
});

test('with hunt-data.js alone the browser form hunts (and display verdicts still need display-data.js)', () => {
  const context = browserContext();
  vm.runInContext(readFileSync(path.join(dist, 'hunt-data.js'), 'utf8'), context);
  vm.runInContext(readFileSync(path.join(dist, 'display.browser.js'), 'utf8'), context);
  const report = context.puny.huntIndex('apple.com').matches(APPLE);
  assert.equal(report.matches[0].brand, 'apple.com');
  assert.equal(report.verdict.display, 'xn--80ak6aa92e.com');
  assert.throws(() => context.puny.toDisplay(APPLE), /puny\/display: could not load display\.wasm/);
});

test('the CommonJS and ES module forms hunt alike; errors are the entry point\'s PunyError', () => {
  const cjs = require(path.join(dist, 'display.cjs'));
  const brands = 'paypal.com keywords=wallet\napple.com\n';
  for (const name of [APPLE, 'paypa1.com', 'paypal-wallet-login.com', 'example.org'])
    assert.deepEqual(cjs.huntIndex(brands).matches(name), punyDisplay.huntIndex(brands).matches(name), name);
  for (const entry of [punyDisplay, cjs]) {
    assert.throws(() => entry.huntIndex('apple.com\ngoogle.com bogus=1\n'), (error) =>
      error instanceof entry.PunyError && error instanceof RangeError && error.code === 'list_syntax');
    assert.throws(() => entry.huntIndex('apple.com').matches('a\uD800.com'), (error) =>
      error instanceof entry.PunyError && error.code === 'invalid_utf16');
    assert.throws(() => entry.huntIndex('apple.com', { rules: ['no_such_rule'] }), TypeError);
  }
  assert.equal(cjs.PunyError, require(path.join(dist, 'puny.cjs')).PunyError);
});
