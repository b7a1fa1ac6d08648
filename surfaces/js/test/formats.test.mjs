// puny/formats (issue 38): the JSON Schema format checkers for hostname,
// idn-hostname, email and idn-email, run here without a validator over the
// JSON-Schema-Test-Suite files for those formats that Debian's
// json-schema-test-suite package ships (draft 7, the newest draft that
// package has, the same files surfaces/python/tests/test_formats.py runs through
// python3-jsonschema; a missing file fails), and on the RFCs' forms.
// surfaces/js/test/ajv/ runs the same files through the real ajv.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { packageDir } from './support/load.mjs';

const formats = await import(pathToFileURL(path.join(packageDir, 'dist', 'formats.mjs')).href);
const formatsCjs = createRequire(import.meta.url)(path.join(packageDir, 'dist', 'formats.cjs'));
const suite = '/usr/share/json-schema-test-suite/tests/draft7/optional/format';

test('the JSON-Schema-Test-Suite format files (Debian, draft 7)', () => {
  let ran = 0;
  for (const name of ['hostname', 'idn-hostname', 'email', 'idn-email']) {
    const file = path.join(suite, `${name}.json`);
    assert.ok(fs.existsSync(file), `${file} missing (apt-get install json-schema-test-suite)`);
    for (const group of JSON.parse(fs.readFileSync(file, 'utf8'))) {
      assert.equal(group.schema.format, name);
      for (const c of group.tests) {
        assert.equal(formats.formats[name](c.data), c.valid, `${name}: ${JSON.stringify(c.data)} (${c.description})`);
        ++ran;
      }
    }
  }
  assert.ok(ran >= 13, `${ran} cases`);
});

test('the RFC forms', () => {
  // RFC 5321 4.1.2 Mailbox: quoted local parts and address literals are addresses;
  // no reachability check (a@localhost is an address).
  assert.ok(formats.email('"joe bloggs"@example.com') && formats.email('a@[IPv6:2001:db8::1]'));
  assert.ok(formats.email('te~st@example.com') && formats.email('a@localhost'));
  assert.ok(!formats.email('\u00fc@example.com') && !formats.email('a..b@example.com'));
  assert.ok(!formats.email('a@b\u00fccher.de') && !formats.email('Joe <a@example.com>') && !formats.email('@example.com'));
  assert.ok(!formats.email('a@[192.0.2.300]') && !formats.email('a@example.com.'));
  // RFC 6531: UTF-8 in both parts; the domain mapped as mail software maps it.
  assert.ok(formats.idnEmail('\uc2e4\ub840@\uc2e4\ub840.\ud14c\uc2a4\ud2b8'));
  assert.ok(formats.idnEmail('user@cafe\u0301.com'));
  assert.ok(!formats.idnEmail('a@\u2665.com'));  // IDNA2008: a symbol is DISALLOWED
  assert.ok(!formats.idnEmail('user\uff20example.com'));  // U+FF20 is no "@"
  // hostname: ASCII, valid A-labels (IDNA2008 on their U-labels), RFC 1123 lengths.
  assert.ok(formats.hostname('xn--bcher-kva.de') && !formats.hostname('b\u00fccher.de'));
  assert.ok(!formats.hostname('xn--a.com') && !formats.hostname('-a.com') && !formats.hostname('a_b.com'));
  assert.ok(!formats.hostname('xn--n3h.com'));  // U+2603 is DISALLOWED in IDNA2008
  assert.ok(formats.hostname('a'.repeat(63) + '.com') && !formats.hostname('a'.repeat(64) + '.com'));
  assert.ok(!formats.hostname('') && !formats.hostname('example.com.'));
  // idn-hostname: IDNA2008 registration, RFC 3490's dots as separators.
  assert.ok(formats.idnHostname('b\u00fccher.de') && !formats.idnHostname('\u302e\uc2e4\ub840.com'));
  assert.ok(formats.idnHostname('a\u3002b') && !formats.idnHostname('\u216b.com'));
  assert.ok(formats.idnHostname('l\u00b7l') && !formats.idnHostname('a\u00b7l'));  // RFC 5892 A.3
});

test('values that are not strings pass; the names and addFormats', () => {
  for (const check of Object.values(formats.formats))
    for (const v of [12, 13.7, {}, [], false, null]) assert.equal(check(v), true);
  assert.deepEqual(Object.keys(formats.formats), ['hostname', 'idn-hostname', 'email', 'idn-email']);
  const added = [];
  const registry = { addFormat(name, format) { added.push([name, format.type, format.validate('a@b.c')]); } };
  assert.equal(formats.addFormats(registry, ['email']), registry);
  assert.deepEqual(added, [['email', 'string', true]]);
  assert.throws(() => formats.addFormats(registry, ['uri']), TypeError);
  assert.throws(() => formats.addFormats({}), TypeError);
  assert.equal(formatsCjs.idnHostname('b\u00fccher.de'), true);
});
