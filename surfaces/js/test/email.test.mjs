// puny/email (issue 38): what an e-mail address is, through the WebAssembly
// build: the fields of puny::email::validate in camelCase, errors named by
// the core's error table with offsets into the JavaScript string, the same
// options as the other surfaces (docs/email.md).  Expectations come from the
// RFCs (RFC 5321 section 4.1.2 grammar and 4.5.3.1 limits, RFC 6531/6532,
// RFC 3492's A-labels) and from the sibling surfaces' tests of the same
// addresses (surfaces/duckdb/test/email.test.mjs, tests/cli).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { packageDir } from './support/load.mjs';

const email = await import(pathToFileURL(path.join(packageDir, 'dist', 'email.mjs')).href);
const emailCjs = createRequire(import.meta.url)(path.join(packageDir, 'dist', 'email.cjs'));

function thrown(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  assert.fail('nothing thrown');
}

test('every field of a valid address (RFC 5321 2.4: the domain is case-insensitive, the local part is not)', () => {
  assert.deepEqual(email.validate('John.Doe@B\u00fccher.DE'), {
    displayName: '', localPart: 'John.Doe', domain: 'b\u00fccher.de', asciiDomain: 'xn--bcher-kva.de',
    normalized: 'John.Doe@b\u00fccher.de', asciiEmail: 'John.Doe@xn--bcher-kva.de', smtputf8: false,
    addressLiteral: false, display: null, localPartSafe: null, localPartRule: null, localPartCodePoint: null,
  });
  // An A-label domain comes back in U-labels; the ASCII form keeps it.
  assert.equal(email.normalize('info@xn--bcher-kva.de'), 'info@b\u00fccher.de');
  assert.equal(email.toUnicode('info@xn--bcher-kva.de'), 'info@b\u00fccher.de');
  assert.equal(email.toAscii('info@B\u00fccher.de'), 'info@xn--bcher-kva.de');
});

test('a non-ASCII local part needs SMTPUTF8 and has no ASCII form (never Punycoded)', () => {
  const v = email.validate('\u00fcser@example.com');
  assert.equal(v.smtputf8, true);
  assert.equal(v.asciiEmail, null);
  assert.equal(email.toAscii('\u00fcser@example.com'), null);
  // RFC 6532 3.1: NFC; u + U+0308 is ü.
  assert.equal(email.normalize('u\u0308ser@example.com'), '\u00fcser@example.com');
  assert.throws(() => email.validate('\u00fcser@example.com', { allowSmtputf8: false }),
                { name: 'PunyError', code: 'smtputf8_required' });
});

test('errors: the core\'s names, offsets into the string, the code point, the label for domain errors', () => {
  const dot = thrown(() => email.validate('a..b@example.com'));
  assert.ok(dot instanceof email.PunyError && dot instanceof RangeError);
  assert.deepEqual([dot.code, dot.offset, dot.codePoint, dot.label, dot.uts46], ['local_part_dot', 2, 0x2E, null, null]);
  assert.equal(dot.input, 'a..b@example.com');
  assert.match(dot.message, /^local_part_dot at offset 2 \(U\+002E\): /);
  assert.equal(thrown(() => email.validate('example.com')).code, 'missing_at');
  assert.equal(thrown(() => email.validate('a@localhost')).code, 'domain_not_global');
  // The domain's IDNA errors keep their names and UTS #46 codes; offsets count
  // UTF-16 code units of the whole address (U+1F600 is two).
  const heart = thrown(() => email.validate('\u{1F600}@x.\u2665.com', { preset: 'idna2008' }));
  assert.deepEqual([heart.code, heart.offset, heart.codePoint, heart.label],
                   ['disallowed', 5, 0x2665, 1]);
  // The default policy's IDNA2008 pass reads the A-labels: the core points
  // at the domain's start (src/email/email.cpp).
  const policy = thrown(() => email.validate('\u{1F600}@x.\u2665.com'));
  assert.deepEqual([policy.code, policy.offset, policy.codePoint, policy.uts46], ['disallowed', 3, 0x2665, 'V7']);
  // A lone surrogate is an error at its index, not a U+FFFD.
  const lone = thrown(() => email.validate('ab\uD800@example.com'));
  assert.deepEqual([lone.code, lone.offset], ['invalid_utf16', 2]);
  assert.throws(() => email.validate(5), TypeError);
  assert.throws(() => email.validate(null), TypeError);
});

test('the error names are the core\'s (PUNY_VOCABULARY)', () => {
  const vocabulary = JSON.parse(fs.readFileSync(process.env.PUNY_VOCABULARY, 'utf8'));
  const names = new Set(vocabulary.errors.map((e) => e.name));
  for (const bad of ['a..b@x.com', 'x.com', 'a@localhost', '"a@x.com', 'a@x.test', 'a b@x.com',
                     'a'.repeat(65) + '@x.com', 'a@' + 'b'.repeat(64) + '.com', 'a@[1.2.3.4]'])
    for (const e of email.validateResult(bad).errors) assert.ok(names.has(e.code), e.code);
});

test('the result form never throws for a string: errors as data', () => {
  assert.deepEqual(email.validateResult('info@example.com').errors, []);
  const r = email.validateResult('a b@example.com');
  assert.equal(r.ok, false);
  assert.equal(r.value, null);
  assert.equal(r.errors.length, 1);
  assert.deepEqual([r.errors[0].code, r.errors[0].offset, r.errors[0].codePoint], ['local_part_character', 1, 0x20]);
  // Past 2^24 code units: input_too_long, as the other functions of the package.
  const long = email.validateResult('a'.repeat((1 << 24) + 1));
  assert.equal(long.errors[0].code, 'input_too_long');
});

test('RFC 5321 4.5.3.1 limits, counted in octets of the form that travels', () => {
  assert.equal(email.validateResult('a'.repeat(64) + '@example.com').ok, true);
  assert.equal(email.validateResult('a'.repeat(65) + '@example.com').errors[0].code, 'local_part_too_long');
  // 32 x U+00FC is 64 octets in UTF-8; 33 is 66.
  assert.equal(email.validateResult('\u00fc'.repeat(32) + '@example.com').ok, true);
  assert.equal(email.validateResult('\u00fc'.repeat(33) + '@example.com').errors[0].code, 'local_part_too_long');
});

test('options: quoted local parts, address literals, display names, empty local parts, reachability', () => {
  assert.equal(email.validateResult('"john doe"@example.com').errors[0].code, 'quoted_local_part');
  assert.equal(email.normalize('"john doe"@example.com', { allowQuotedLocalPart: true }), '"john doe"@example.com');
  // A quoted local part that is a valid dot-atom loses its quotes.
  assert.equal(email.normalize('"john"@example.com', { allowQuotedLocalPart: true }), 'john@example.com');
  assert.equal(email.validateResult('a@[192.0.2.1]').ok, false);
  const literal = email.validate('a@[IPv6:2001:db8::1]', { allowAddressLiteral: true });
  assert.equal(literal.addressLiteral, true);
  assert.equal(literal.domain, '[IPv6:2001:db8::1]');
  assert.equal(email.validateResult('a@[192.0.2.300]', { allowAddressLiteral: true }).ok, false);
  const named = email.validate('John Doe <john@example.com>', { allowDisplayName: true });
  assert.deepEqual([named.displayName, named.normalized], ['John Doe', 'john@example.com']);
  assert.equal(email.validateResult('@example.com').ok, false);
  assert.equal(email.normalize('@example.com', { allowEmptyLocalPart: true }), '@example.com');
  assert.equal(email.normalize('a@localhost', { requireGlobalDomain: false }), 'a@localhost');
  assert.throws(() => email.validate('a@x.com', { allowQuoted: true }), TypeError);  // a typo is no option
});

test('domain policy: presets and flags from the core\'s registry', () => {
  // Default: UTS #46 mapping, then IDNA2008 on the A-labels (email-validator's).
  assert.equal(email.normalize('a@\u216b.com'), 'a@xii.com');
  assert.equal(email.validateResult('a@\u2665.com').errors[0].code, 'disallowed');
  // IDNA2008 alone maps nothing: U+216B is disallowed.
  assert.equal(email.validateResult('a@\u216b.com', { preset: 'idna2008' }).errors[0].code, 'disallowed');
  assert.equal(email.validateResult('a@\u2665.com', { preset: 'uts46-strict' }).ok, true);
  assert.equal(email.validateResult('a@x_y.com').ok, false);
  assert.equal(email.validateResult('a@x_y.com', { flags: { allowUnderscore: true } }).ok, true);
  assert.equal(email.validateResult('a@x_y.com', { preset: 'Registration', flags: { allowUnderscore: true } }).ok, true);
  assert.throws(() => email.validate('a@x.com', { preset: 'nope' }), TypeError);
  assert.throws(() => email.validate('a@x.com', { flags: { std3: true } }), TypeError);
});

test('on request: the domain\'s display verdict and the local part safety check (UTS #39 3.3)', () => {
  const apple = email.validate('a@\u0430\u0440\u0440\u04cf\u0435.com', { displayProfile: 'chromium' });
  assert.equal(apple.display.display, 'xn--80ak6aa92e.com');
  assert.equal(apple.display.allShown, false);
  assert.equal(apple.display.findings[0].reason, 'whole_script_confusable');
  assert.equal(email.validate('a@b\u00fccher.de', { displayProfile: 'chromium' }).display.display, 'b\u00fccher.de');
  assert.equal(email.validate('a@b\u00fccher.de', { displayProfile: 'ascii-only' }).display.display, 'xn--bcher-kva.de');
  // Protected registrable part from a Public Suffix List given as text.
  const psl = 'uk\nco.uk\n';
  assert.equal(email.validate('a@x.y.co.uk', { displayProfile: 'chromium', psl }).display.allShown, true);
  assert.throws(() => email.validate('a@x.com', { displayProfile: 'chromium', psl: 'a..b\n' }),
                { name: 'PunyError', code: 'list_syntax', message: /^psl:1: / });
  assert.deepEqual(email.displayProfiles.slice(0, 1), ['chromium']);
  // The core's profiles, in its order (PUNY_VOCABULARY).
  assert.deepEqual([...email.displayProfiles],
                   JSON.parse(fs.readFileSync(process.env.PUNY_VOCABULARY, 'utf8')).display_profiles);
  assert.throws(() => email.validate('a@x.com', { displayProfile: 'chrome' }), TypeError);
  // Latin mixed with Cyrillic in the local part: not Moderately Restrictive (UTS #39 5.2).
  const mixed = email.validate('p\u0430ypal@example.com', { checkLocalPartSecurity: true });
  assert.deepEqual([mixed.localPartSafe, mixed.localPartRule], [false, 'restriction_level']);
  const plain = email.validate('paypal@example.com', { checkLocalPartSecurity: true });
  assert.deepEqual([plain.localPartSafe, plain.localPartRule], [true, null]);
});

test('CommonJS gives the same functions and errors', () => {
  assert.equal(emailCjs.normalize('info@B\u00fccher.DE'), 'info@b\u00fccher.de');
  assert.equal(emailCjs.version, email.version);
  assert.throws(() => emailCjs.validate('a..b@x.com'), (e) => e instanceof emailCjs.PunyError && e.offset === 2);
});

// (email-data.js first: the e-mail functions' module, packed, as a page from
// file:// includes it; surfaces/js/lib/email-load.js.)
test('the classic scripts share a page: puny, email and formats side by side', async () => {
  const vm = await import('node:vm');
  const page = { TextDecoder, WebAssembly, queueMicrotask, atob };
  page.globalThis = page;
  vm.createContext(page);
  for (const file of ['puny.browser.js', 'email-data.js', 'email.browser.js', 'formats.browser.js'])
    vm.runInContext(fs.readFileSync(path.join(packageDir, 'dist', file), 'utf8'), page, { filename: file });
  assert.equal(page.puny.toAscii('b\u00fccher.de'), 'xn--bcher-kva.de');
  assert.equal(page.punyEmail.normalize('info@B\u00fccher.DE'), 'info@b\u00fccher.de');
  assert.equal(page.punyFormats.formats['idn-hostname']('b\u00fccher.de'), true);
  assert.equal(page.punyFormats.formats['idn-email']('info@b\u00fccher.de'), true);
});
