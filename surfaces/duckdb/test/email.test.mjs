// The DuckDB extension's e-mail functions (issue 38) in a real DuckDB, the
// same checks as the PostgreSQL regression test surfaces/postgres/sql/email.sql.
// Run by surfaces/duckdb/test/run.sh beside sql.test.mjs:
//
//   PUNY_DUCKDB_DIR=build/duckdb node --test surfaces/duckdb/test/email.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { db, value, failure } from './duckdb-session.mjs';


test('email_normalize: local part kept, domain lowercased and in U-labels (RFC 5321 2.4)', async () => {
  assert.equal(await value("SELECT email_normalize('John.Doe@Example.COM')"), 'John.Doe@example.com');
  assert.equal(await value("SELECT email_normalize('info@B\u00fccher.DE')"), 'info@b\u00fccher.de');
  assert.equal(await value("SELECT email_normalize('info@xn--bcher-kva.de')"), 'info@b\u00fccher.de');
  assert.equal(await value('SELECT email_normalize(NULL)'), null);
});

test('errors name the core error, byte offset, character and code point', async () => {
  assert.match(await failure("SELECT email_normalize('a..b@example.com')"),
               /email_normalize: local_part_dot at byte 2 \(character 3\), U\+002E/);
  assert.match(await failure("SELECT email_normalize('example.com')"), /missing_at at byte 11/);
  assert.match(await failure("SELECT email_normalize('a@b@c.com')"), /extra_at_sign at byte 3/);
  assert.match(await failure("SELECT email_normalize('a@localhost')"), /domain_not_global/);
});

test('try_email_ascii: the A-label form, NULL without one (never a Punycoded local part)', async () => {
  assert.equal(await value("SELECT try_email_ascii('info@B\u00fccher.DE')"), 'info@xn--bcher-kva.de');
  assert.equal(await value("SELECT try_email_ascii('\u00fc@example.com')"), null);
  assert.equal(await value("SELECT try_email_ascii('a..b@example.com')"), null);
  assert.equal(await value('SELECT try_email_ascii(NULL)'), null);
});

test('email_check: every field as a struct', async () => {
  const ok = await value("SELECT email_check('info@B\u00fccher.DE')");
  assert.deepEqual({ ...ok.entries }, {
    valid: true, error: null, uts46_code: null, byte_offset: null, position: null, code_point: null,
    display_name: '', local_part: 'info', domain: 'b\u00fccher.de', ascii_domain: 'xn--bcher-kva.de',
    normalized: 'info@b\u00fccher.de', ascii_email: 'info@xn--bcher-kva.de', smtputf8: false,
    address_literal: false,
  });
  const bad = await value("SELECT email_check('a b@example.com')");
  assert.equal(bad.entries.valid, false);
  assert.equal(bad.entries.error, 'local_part_character');
  assert.equal(bad.entries.byte_offset, 1);
  assert.equal(bad.entries.position, 2);
  assert.equal(bad.entries.code_point, 'U+0020');
  assert.equal(bad.entries.normalized, null);
  assert.equal((await value("SELECT email_check('\u00fc@example.com')")).entries.smtputf8, true);
  assert.equal(await value('SELECT email_check(NULL)'), null);
  // A vector of rows, valid and not, in one call.
  const counted = await value(`SELECT count(*) FILTER (WHERE email_check(a).valid) FROM
      (SELECT 'user' || i || CASE WHEN i % 3 = 0 THEN '..x' ELSE '' END || '@example.com' AS a
       FROM range(5000) t(i))`);
  assert.equal(Number(counted), 5000 - Math.ceil(5000 / 3));
});
