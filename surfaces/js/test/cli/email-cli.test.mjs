// puny/email against `puny email --json` (issue 38): the same core through
// two surfaces must give the same verdict, the same fields and the same
// error, the CLI's byte offset being the JavaScript string's UTF-16 index of
// the same character.  This checks the binding (options word, field names,
// offset conversion), not the core's rules.  Run by ctest wasm.email.cli:
//
//   PUNY_BIN=build/cli/puny PUNY_JS_PACKAGE=build/wasm/package node --test email-cli.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const bin = process.env.PUNY_BIN;
const packageDir = process.env.PUNY_JS_PACKAGE;
assert.ok(bin && packageDir, 'PUNY_BIN and PUNY_JS_PACKAGE must be set');
const email = await import(pathToFileURL(path.join(packageDir, 'dist', 'email.mjs')).href);

// Valid and invalid addresses of every kind: ASCII, U-labels and A-labels,
// UTF-8 local parts, characters beyond U+FFFF before the error (two UTF-16
// code units, four bytes), quoted local parts, literals, display names, limits.
const addresses = [
  'info@B\u00fccher.DE', 'info@xn--bcher-kva.de', '\u00fcser@example.com', 'u\u0308ser@example.com',
  '\u{1F600}@example.com', '\u{1D54F}x@b\u00fccher.de', 'a..b@example.com', '.a@example.com', 'a.@example.com',
  'a b@example.com', 'example.com', '@example.com', 'a@', 'a@localhost', 'a@x.test', 'a@example',
  'a@x.\u2665.com', '\u{1F600}@x.\u2665.com', '\u{1F600}\u00fc@x.\u0430\u2665.com', 'a@xn--a.com', 'a@-x.com',
  'a@x_y.com', 'a@\u216b.com', 'a@b\u00fccher.de.', 'a@example.com.', '"john doe"@example.com',
  '"john"@example.com', '"a\\"b"@example.com', '"unterminated@example.com', 'a@[192.0.2.1]',
  'a@[IPv6:2001:db8::1]', 'a@[192.0.2.300]', 'a@[IPv7:x]', 'John Doe <john@example.com>',
  '"Doe, John" <john@example.com>', 'John <john@example.com', 'a'.repeat(64) + '@example.com',
  'a'.repeat(65) + '@example.com', '\u00fc'.repeat(33) + '@example.com',
  'a@' + ('b'.repeat(63) + '.').repeat(4) + 'com', '\u0645\u062b\u0627\u0644@\u0645\u062b\u0627\u0644.\u0625\u062e\u062a\u0628\u0627\u0631',
  'a@\u0627\u0661\u06f1.com', 'a\u00a0b@example.com', '\u200db@example.com', '\u0301a@example.com',
];

const optionSets = [
  [{}, []],
  [{ allowQuotedLocalPart: true, allowAddressLiteral: true, allowDisplayName: true, allowEmptyLocalPart: true },
   ['--allow-quoted', '--allow-literal', '--allow-display-name', '--allow-empty-local']],
  [{ requireGlobalDomain: false, allowSmtputf8: false }, ['--allow-local-domain', '--no-smtputf8']],
  [{ preset: 'idna2008' }, ['--preset', 'idna2008']],
  [{ preset: 'uts46-strict', flags: { allowUnderscore: true } }, ['--preset', 'uts46-strict', '--allow-underscore']],
];

// The UTF-16 index of byte `offset` of the address's UTF-8.
const utf16Index = (text, offset) => Buffer.from(text, 'utf8').subarray(0, offset).toString('utf8').length;
const codePoint = (name) => (name === null ? null : parseInt(name.slice(2), 16));

for (const [options, flags] of optionSets) {
  test(`the CLI's verdicts, fields and errors: ${JSON.stringify(options)}`, () => {
    let out;
    try {
      out = execFileSync(bin, ['email', '--json', ...flags, ...addresses], { encoding: 'utf8' });
    } catch (e) {
      out = e.stdout;  // exit 1: some address is invalid
    }
    const lines = out.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(lines.length, addresses.length);
    let valid = 0;
    for (const [i, cli] of lines.entries()) {
      const address = addresses[i];
      assert.equal(cli.input, address);
      const js = email.validateResult(address, options);
      const what = `${JSON.stringify(address)} ${JSON.stringify(options)}`;
      assert.equal(js.ok, cli.output !== null, what);
      if (js.ok) {
        ++valid;
        const v = js.value;
        assert.deepEqual([v.displayName || null, v.localPart, v.domain, v.asciiDomain, v.normalized, v.asciiEmail, v.smtputf8,
                          v.addressLiteral],
                         [cli.display_name, cli.local_part, cli.domain, cli.ascii_domain, cli.normalized, cli.ascii_email,
                          cli.smtputf8, cli.address_literal], what);
      } else {
        const [error] = js.errors;
        const [detail] = cli.details;
        assert.equal(error.code, detail.error, what);
        assert.equal(error.offset, utf16Index(address, detail.offset), what);
        assert.equal(error.codePoint, codePoint(detail.code_point), what);
        assert.equal(error.uts46 || null, detail.code, what);
        assert.equal(error.label, detail.label, what);
      }
    }
    assert.ok(valid > 5 && valid < addresses.length - 5, `${valid} valid`);
  });
}
