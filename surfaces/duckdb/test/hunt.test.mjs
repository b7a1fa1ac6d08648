// The DuckDB extension's lookalike hunting (issue 39) in a real DuckDB: the
// checks of the PostgreSQL regression test surfaces/postgres/sql/hunt.sql,
// where PostgreSQL's rows are the elements of DuckDB's list.  Each name is
// built by hand from a brand with one attack (docs/hunt.md's rule table);
// position and length are characters (1-based) of the labels that imitate
// the brand.  Run by surfaces/duckdb/test/run.sh:
//
//   PUNY_DUCKDB_DIR=build/duckdb node --test surfaces/duckdb/test/hunt.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { db, objects, value, failure } from './duckdb-session.mjs';


const brands = "['paypal.com keywords=wallet allow=paypal.me', 'microsoft.com', NULL]";
const cyrillic = "'p' || chr(1072) || 'yp' || chr(1072) || 'l.com'";

test('one match per attack, with the labels that matched', async () => {
  const got = await objects(`
    SELECT id, substr(n, position, length) AS matched, * EXCLUDE (id, n) FROM (
      SELECT id, n, unnest(hunt_matches(n, ${brands}), recursive := true)
        FROM (VALUES (1, 'www.rnicrosoft.com'), (2, ${cyrillic}), (3, idna_to_ascii(${cyrillic})),
                     (4, 'login.paypal.com.evil.example'), (5, 'rnicrosft.com'),
                     (7, 'paypalwallet.com'), (8, 'example.org'), (9, 'paypal.me'),
                     (10, NULL), (11, 'www.pay.pal.com'), (12, 'paypak.com'),
                     (13, 'www.' || chr(1084) || 'icrosof' || chr(1090) || '.com')) v(id, n))
     ORDER BY id, brand, rule`);
  const rows = got.map((r) => [r.id, r.brand, r.rule, r.score, r.position, r.length, r.matched, r.shown]);
  assert.deepEqual(rows, [
    [1, 'microsoft.com', 'homoglyph', 90, 5, 10, 'rnicrosoft', true],
    [2, 'paypal.com', 'skeleton', 95, 1, 6, 'p\u0430yp\u0430l', false],
    [3, 'paypal.com', 'skeleton', 95, 1, 13, 'xn--pypl-53dc', false],
    [4, 'paypal.com', 'target_embedding', 85, 7, 10, 'paypal.com', true],
    [5, 'microsoft.com', 'homoglyph_edit', 60, 1, 9, 'rnicrosft', true],
    [7, 'paypal.com', 'combo_squatting', 60, 1, 12, 'paypalwallet', true],
    [11, 'paypal.com', 'label_split', 80, 5, 7, 'pay.pal', true],  // the label split by a dot
    [12, 'paypal.com', 'keyboard', 70, 1, 6, 'paypak', true],  // l -> k, neighbouring keys
    // Cyrillic em and te: Chromium's skeletons read them as m and t
    [13, 'microsoft.com', 'chromium_skeleton', 90, 5, 9, '\u043cicrosof\u0442', false],
  ]);
  // The display verdict: Latin mixed with Cyrillic stays an A-label.
  assert.equal(got.find((r) => r.id === 2).display, 'xn--pypl-53dc.com');
});

test('rules, minimum score, profile; the index follows the brand list', async () => {
  assert.equal(await value("SELECT len(hunt_matches('paypa1.com', ['paypal.com'], 'tld_swap, omission'))"), 0n);
  assert.deepEqual(await objects("SELECT unnest(hunt_matches('paypa1.com', ['paypal.com'], 'homoglyph'), recursive := true)")
    .then((r) => r.map((m) => [m.rule, m.score])), [['homoglyph', 90]]);
  assert.equal(await value("SELECT len(hunt_matches('paypa1.com', ['paypal.com'], '', 100))"), 0n);
  assert.equal(await value(`SELECT hunt_matches('p' || chr(1072) || 'ypal.com', ['paypal.com'], '', 0, 'Firefox-High')[1].display`),
               'xn--pypal-4ve.com');
  assert.deepEqual((await objects(`SELECT b, len(hunt_matches('paypa1.com', [b])) AS n
                                     FROM (VALUES (1, 'paypal.com'), (2, 'google.com'), (3, 'paypal.com')) v(i, b) ORDER BY i`))
    .map((r) => [r.b, r.n]), [['paypal.com', '2'], ['google.com', '0'], ['paypal.com', '2']]);
  // A brand list shared by many rows (a subquery's): built once, the same
  // answers (min_score 0: paypa0 and paypa2 are weak evidence).
  assert.equal(await value(`SELECT sum(len(hunt_matches('paypa' || (i % 3)::VARCHAR || '.com', (SELECT list(b) FROM (VALUES ('paypal.com')) t(b)), '', 0)))
                              FROM range(10000) r(i)`), 3334n + 3333n * 2n + 3333n);  // paypa0 (0 folds to o: replacement only), paypa1 (homoglyph and replacement), paypa2
});

test('NULL in gives NULL; the rule registry', async () => {
  assert.equal(await value("SELECT hunt_matches(NULL, ['paypal.com'])"), null);
  assert.equal(await value("SELECT hunt_matches('paypa1.com', NULL)"), null);
  assert.equal(await value("SELECT hunt_matches('paypa1.com', ['paypal.com'], NULL)"), null);
  const rules = await objects('SELECT unnest(hunt_rules(), recursive := true)');
  assert.ok(rules.length >= 17);
  for (const name of ['keyboard', 'vowel_swap', 'bitsquatting', 'label_split', 'chromium_skeleton'])
    assert.ok(rules.some((r) => r.name === name), name);
  assert.ok(rules.some((r) => r.name === 'homoglyph_edit' && r.description.length > 0));
});

test('min_score defaults to the core\'s alert threshold: weak evidence only at 0 (issue 53)', async () => {
  // hunt_alert_score() is the core's (sql.test.mjs compares it with the
  // vocabulary); paypal.net is a tld_swap of paypal.com, weak evidence (35).
  const alert = await value('SELECT hunt_alert_score()');
  assert.ok(alert > 35 && alert <= 100, String(alert));
  const scores = async (sql) => (await objects(`SELECT unnest(${sql}, recursive := true)`)).map((m) => [m.rule, m.score]);
  assert.deepEqual(await scores("hunt_matches('paypal.net', ['paypal.com'], '', 0)"), [['tld_swap', 35]]);
  assert.equal(await value("SELECT len(hunt_matches('paypal.net', ['paypal.com']))"), 0n);
  assert.equal(await value("SELECT len(hunt_matches('paypal.net', ['paypal.com'], 'tld_swap'))"), 0n);
  assert.equal(await value("SELECT len(hunt_matches('paypal.net', ['paypal.com'], '', hunt_alert_score()))"), 0n);
  // An alert stays.
  assert.ok((await scores("hunt_matches('paypa1.com', ['paypal.com'])")).some(([r]) => r === 'homoglyph'));
});

test('errors name the brand line, the unknown rule or profile', async () => {
  assert.match(await failure("SELECT hunt_matches('a.com', ['paypal.com', 'microsoft.com colour=red'])"),
               /hunt_matches: brands:2: unknown field 'colour=red'/);
  assert.match(await failure("SELECT hunt_matches('a.com', ['paypal.com'], 'homoglyph,bogus')"),
               /hunt_matches: unknown rule "bogus"/);
  assert.match(await failure("SELECT hunt_matches('a.com', ['paypal.com'], '', 0, 'chrome')"),
               /hunt_matches: unknown display profile "chrome"/);
});
