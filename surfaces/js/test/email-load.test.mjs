// puny/email and puny/formats load the email module on demand
// (surfaces/js/lib/email-load.js): puny/formats' entry files carry the main
// entry point's module, puny/email's none (issue 54), and both find
// email.wasm beside them (CommonJS with fs, the ES
// module through import.meta.url) or take it from email-data.js (a page from
// file://).  Both entry points read the one email.wasm.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import vm from 'node:vm';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { packageDir, puny } from './support/load.mjs';
import { browserContext, instanceCounts } from './support/lazy-modules.mjs';

const require = createRequire(import.meta.url);
const dist = path.join(packageDir, 'dist');
const email = await import(pathToFileURL(path.join(dist, 'email.mjs')).href);
const formats = await import(pathToFileURL(path.join(dist, 'formats.mjs')).href);

test('the module is a file beside the entry files, packed again in email-data.js', () => {
  assert.equal(readFileSync(path.join(dist, 'email.wasm')).readUInt32LE(0), 0x6d736100);
  assert.match(readFileSync(path.join(dist, 'email-data.js'), 'utf8'), /globalThis\.punyEmailPacked = \['/);
  // The entry files do not carry it: each is within a little of the main
  // entry point's file (which carries the main module only).
  for (const entry of ['email', 'formats'])
    for (const form of ['mjs', 'cjs', 'browser.js'])
      assert.ok(readFileSync(path.join(dist, `${entry}.${form}`)).length <
                readFileSync(path.join(dist, `puny.${form}`)).length + 16 * 1024, `${entry}.${form}`);
});

test('the CommonJS and ES module forms load the same email module', () => {
  const cjs = require(path.join(dist, 'email.cjs'));
  const address = 'p\u0430ypal@B\u00fccher.DE';
  const options = { checkLocalPartSecurity: true, displayProfile: 'chromium' };
  assert.deepEqual(cjs.validate(address, options), email.validate(address, options));
  assert.deepEqual(cjs.displayProfiles, email.displayProfiles);
  const formatsCjs = require(path.join(dist, 'formats.cjs'));
  assert.equal(formatsCjs.idnEmail('info@b\u00fccher.de'), true);
  assert.equal(formats.idnEmail('info@b\u00fccher.de'), true);
  assert.equal(formats.email('info@b\u00fccher.de'), false);
});

test("the e-mail functions' errors are the entry point's PunyError", () => {
  for (const entry of [email, require(path.join(dist, 'email.cjs'))]) {
    assert.throws(() => entry.validate('a..b@x.com'), (error) =>
      error instanceof entry.PunyError && error instanceof RangeError && error.code === 'local_part_dot' &&
      error.offset === 2);
    assert.throws(() => entry.normalize('a\uD800@x.com'), entry.PunyError);
    assert.throws(() => entry.validate(42), TypeError);
    assert.throws(() => entry.validate('a@x.com', { nonsense: true }), TypeError);
  }
});

test('the browser forms take the module from email-data.js when it ran first', () => {
  const context = browserContext();
  vm.runInContext(readFileSync(path.join(dist, 'email-data.js'), 'utf8'), context);
  vm.runInContext(readFileSync(path.join(dist, 'email.browser.js'), 'utf8'), context);
  vm.runInContext(readFileSync(path.join(dist, 'formats.browser.js'), 'utf8'), context);
  assert.equal(context.punyEmail.toAscii('info@B\u00fccher.DE'), 'info@xn--bcher-kva.de');
  assert.equal(context.punyFormats.idnEmail('info@b\u00fccher.de'), true);
});

test('without its module the browser forms still answer what needs none, and say what is missing', () => {
  const context = browserContext();
  vm.runInContext(readFileSync(path.join(dist, 'email.browser.js'), 'utf8'), context);
  vm.runInContext(readFileSync(path.join(dist, 'formats.browser.js'), 'utf8'), context);
  // The profile names are in the entry file: reading them loads nothing.
  assert.ok(context.punyEmail.displayProfiles.includes('chromium'));
  assert.equal(context.punyEmail.version, puny.version);
  assert.equal(context.punyEmail.unicodeVersion, puny.unicodeVersion);
  assert.equal(context.punyFormats.idnHostname('b\u00fccher.de'), true);
  assert.equal(context.punyFormats.hostname('xn--bcher-kva.de'), true);
  assert.equal(context.punyFormats.hostname(42), true);
  assert.throws(() => context.punyEmail.validate('info@example.com'), /puny\/email: could not load email\.wasm/);
  assert.throws(() => context.punyFormats.idnEmail('info@example.com'), /puny\/email: could not load email\.wasm/);
});

// Issue 54: puny/email's entry file carried the main module, of which it
// used only the version and the Unicode version; now it carries none, and
// the email module alone serves the e-mail functions.
test('importing puny/email instantiates no module; the first e-mail call one', () => {
  const counts = instanceCounts(path.join(dist, 'email.mjs'), 'email', `
    email.validate('info@b\u00fccher.de');
    email.toAscii('info@B\u00fccher.DE');
    mark();`);
  assert.deepEqual(counts, [0, 1], 'instances after the import, then after validate and toAscii');
});
