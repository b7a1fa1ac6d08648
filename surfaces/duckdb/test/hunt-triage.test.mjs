// The DuckDB extension's triage (issue 53, every surface in the core's
// words): hunt_matches' via and reason fields and hunt_brands, one element
// per brand matched, from the core's hunt::reason and hunt::by_brand, as
// PostgreSQL's hunt_triage.sql checks them; and both held to
// `puny hunt --json --min-score 0` on the same names.  Run by
// surfaces/duckdb/test/run.sh:
//
//   PUNY_DUCKDB_DIR=build/duckdb PUNY_BIN=build/cli/puny node --test surfaces/duckdb/test/hunt-triage.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { db, objects, value, failure } from './duckdb-session.mjs';

const puny = process.env.PUNY_BIN && path.resolve(process.env.PUNY_BIN);
const unnest = (call) => objects(`SELECT unnest(${call}, recursive := false) AS m`).then((r) => r.map((x) => x.m));

const HOMOGLYPH = "Same skeleton as the brand's label with ASCII lookalikes only (rn/m, 0/o, 1/l, vv/w)";
const COMBO = "The brand's label joined to a keyword or to a word by a hyphen";

test('paypa1-login.com is combo_squatting via homoglyph, with both reasons', async () => {
  const [m, ...rest] = await unnest("hunt_matches('paypa1-login.com', ['paypal.com'], '', 0)");
  assert.deepEqual(rest, []);
  assert.equal(m.rule, 'combo_squatting');
  assert.equal(m.via, 'homoglyph');
  assert.equal(m.score, 60);
  assert.equal(m.reason, `${COMBO}; the brand's label in it: s${HOMOGLYPH.slice(1)}`);
  // A plain match: via NULL, its rule's description as reason.
  const plain = await unnest("hunt_matches('paypa1.com', ['paypal.com'], '', 0)");
  assert.deepEqual(plain.map((x) => [x.rule, x.via, x.score]), [['homoglyph', null, 90], ['replacement', null, 65]]);
  assert.equal(plain[0].reason, HOMOGLYPH);
  // Every reason: the rule's description, and for a combined match the via
  // rule's after it (hunt_rules(), the registry).
  const rules = Object.fromEntries((await objects('SELECT unnest(hunt_rules(), recursive := true)'))
    .map((r) => [r.name, r.description]));
  const all = await objects(`SELECT unnest(hunt_matches(n, ['paypal.com keywords=wallet', 'google.com', 'microsoft.com'], '', 0),
                                            recursive := true)
                               FROM (VALUES ('paypa1-login.com'), ('rnicrosoft-support.com'), ('g00gle-paypal.com'),
                                            ('paypa1.com.evil.tld'), ('paypak.com'), ('www.мicrosofт.com')) v(n)`);
  assert.ok(all.filter((x) => x.via !== null).length >= 3, JSON.stringify(all));
  for (const x of all) {
    const via = x.via === null ? '' : `; the brand's label in it: ${rules[x.via][0].toLowerCase()}${rules[x.via].slice(1)}`;
    assert.equal(x.reason, rules[x.rule] + via, JSON.stringify(x));
  }
  // chromium_skeleton's reason names Cyrillic letters, as its description.
  assert.ok(all.some((x) => x.rule === 'chromium_skeleton' && x.reason.includes('Cyrillic п/n')));
});

test('hunt_brands: paypa1.com is one entry, homoglyph, with replacement in also', async () => {
  const entries = await unnest("hunt_brands('paypa1.com', ['paypal.com'], '', 0)");
  assert.deepEqual(entries, [{
    brand: 'paypal.com', rule: 'homoglyph', score: 90, position: 1, length: 6, display: 'paypa1.com', shown: true,
    via: null, reason: HOMOGLYPH, also: [{ rule: 'replacement', via: null, score: 65, position: 1, length: 6 }],
  }]);
  const combined = await unnest("hunt_brands('paypa1-login.com', ['paypal.com'])");
  assert.deepEqual(combined.map((e) => [e.brand, e.rule, e.via, e.score, e.also]),
                   [['paypal.com', 'combo_squatting', 'homoglyph', 60, []]]);
  // Two brands: highest score first.
  const two = await unnest("hunt_brands('g00gle-paypal.com', ['paypal.com', 'google.com'], '', 0)");
  assert.deepEqual(two.map((e) => [e.brand, e.rule, e.via, e.score]),
                   [['google.com', 'combo_squatting', 'homoglyph', 60], ['paypal.com', 'combo_squatting', null, 25]]);
  // The defaults are hunt_matches': min_score the alert threshold.
  assert.equal(await value("SELECT len(hunt_brands('paypal.net', ['paypal.com']))"), 0n);
  assert.deepEqual((await unnest("hunt_brands('paypal.net', ['paypal.com'], '', 0)")).map((e) => [e.rule, e.score]),
                   [['tld_swap', 35]]);
  assert.deepEqual((await unnest("hunt_brands('paypa1.com', ['paypal.com'], 'homoglyph')")).map((e) => [e.rule, e.also]),
                   [['homoglyph', []]]);
  assert.equal(await value("SELECT hunt_brands('p' || chr(1072) || 'ypal.com', ['paypal.com'], '', 0, 'Firefox-High')[1].display"),
               'xn--pypal-4ve.com');
  // NULL in gives NULL; nothing matched, an empty list.
  assert.equal(await value("SELECT hunt_brands(NULL, ['paypal.com'])"), null);
  assert.equal(await value("SELECT hunt_brands('paypa1.com', NULL)"), null);
  assert.equal(await value("SELECT hunt_brands('paypa1.com', ['paypal.com'], '', NULL)"), null);
  assert.equal(await value("SELECT len(hunt_brands('example.org', ['paypal.com'], '', 0))"), 0n);
  // Errors name hunt_brands.
  assert.match(await failure("SELECT hunt_brands('a.com', ['paypal.com', 'microsoft.com colour=red'])"),
               /hunt_brands: brands:2: unknown field 'colour=red'/);
  assert.match(await failure("SELECT hunt_brands('a.com', ['paypal.com'], 'homoglyph,bogus')"), /hunt_brands: unknown rule "bogus"/);
  assert.match(await failure("SELECT hunt_brands('a.com', ['paypal.com'], '', 0, 'chrome')"),
               /hunt_brands: unknown display profile "chrome"/);
});

test('hunt_brands over many rows: every match once, in its brand\'s entry, the best first', async () => {
  // A vector of rows (three chunks of 2,048) sharing one brand list.
  const names = ['paypa1.com', 'paypa1-login.com', 'g00gle-paypal.com', 'example.org', 'rnicrosft.com', 'paypal.net'];
  const rows = await objects(`
    SELECT i, hunt_matches(n, l, '', 0) AS m, hunt_brands(n, l, '', 0) AS b
      FROM (SELECT i, [${names.map((n) => `'${n}'`).join(', ')}][i % ${names.length} + 1] AS n,
                   ['paypal.com', 'google.com', 'microsoft.com'] AS l FROM range(6000) r(i)) ORDER BY i`);
  assert.equal(rows.length, 6000);
  const key = (x, brand) => JSON.stringify([brand ?? x.brand, x.rule, x.via, x.score, x.position, x.length]);
  for (const r of rows) {
    const grouped = r.b.flatMap((e) => [key(e), ...e.also.map((a) => key(a, e.brand))]).sort();
    assert.deepEqual(grouped, r.m.map((x) => key(x)).sort(), `row ${r.i}`);
    assert.equal(new Set(r.b.map((e) => e.brand)).size, r.b.length);
    for (let i = 1; i < r.b.length; ++i) assert.ok(r.b[i - 1].score >= r.b[i].score);
    for (const e of r.b) for (const a of e.also) assert.ok(a.score <= e.score);
  }
});

test('via, reason and hunt_brands equal puny hunt --json --min-score 0', async () => {
  assert.ok(puny && fs.existsSync(puny), 'PUNY_BIN must name the puny executable');
  const brandLines = ['paypal.com keywords=wallet allow=paypal.me', 'google.com', 'microsoft.com', 'amazon.com'];
  const names = ['paypa1-login.com', 'paypa1.com', 'g00gle-paypal.com', 'paypal.com.evil.tld', 'paypa1.com.evil.tld',
                 'amazn.com.evil.tld', 'securepaypall.com', 'rnicrosoft-support.com', 'раураl-login.com',
                 'раураl.com.evil.tld', 'g00gle.com', 'paypal.net', 'pay-pal.com', 'paypak.com', 'pay.pal.com',
                 'gooogle.com', 'ü.paypa1-wallet.com', 'example.org', 'paypal.me', 'harmless.net',
                 'www.мicrosofт.com', 'xn--icrosof-sig5d.com', 'paypa1com.net', 'microsoft365-login.com'];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'puny-duckdb-triage-'));
  const brandFile = path.join(tmp, 'brands.txt');
  fs.writeFileSync(brandFile, brandLines.join('\n') + '\n');
  // Both read Debian's Public Suffix List (the CLI's default, the extension's only one).
  const cli = new Map(execFileSync(puny, ['hunt', '--brands', brandFile, '--json', '--min-score', '0'],
                                   { input: names.join('\n') + '\n' })
    .toString('utf8').trim().split('\n').map((l) => JSON.parse(l)).map((o) => [o.line, o]));
  fs.rmSync(tmp, { recursive: true });
  const list = `[${brandLines.map((b) => `'${b}'`).join(', ')}]`;
  const got = await objects(`SELECT i, hunt_matches(n, ${list}, '', 0) AS m, hunt_brands(n, ${list}, '', 0) AS b
                               FROM (VALUES ${names.map((n, i) => `(${i + 1}, '${n}')`).join(', ')}) v(i, n) ORDER BY i`);
  // The CLI's byte offsets as characters (1-based).
  const where = (name, o) => {
    const bytes = Buffer.from(name, 'utf8');
    return { position: [...bytes.subarray(0, o.offset).toString('utf8')].length + 1,
             length: [...bytes.subarray(o.offset, o.offset + o.length).toString('utf8')].length };
  };
  let matches = 0, combined = 0;
  for (const r of got) {
    const name = names[r.i - 1];
    const c = cli.get(r.i) ?? { matches: [], brands: [] };
    const match = (o) => ({ rule: o.rule, via: o.via ?? null, score: o.score, ...where(name, o) });
    assert.deepEqual(r.m.map((x) => ({ brand: x.brand, rule: x.rule, via: x.via, score: x.score, position: x.position, length: x.length })),
                     c.matches.map((o) => ({ brand: o.brand, ...match(o) })), name);
    assert.deepEqual(r.b.map((e) => ({ brand: e.brand, rule: e.rule, via: e.via, score: e.score, position: e.position,
                                       length: e.length, reason: e.reason, also: e.also })),
                     c.brands.map((o) => ({ brand: o.brand, ...match(o), reason: o.reason, also: o.also.map(match) })), name);
    // Each match's reason is its brand entry's when it is the best.
    for (const e of r.b) assert.equal(r.m.find((x) => x.brand === e.brand && x.score === e.score && x.rule === e.rule).reason, e.reason);
    matches += r.m.length;
    combined += r.m.filter((x) => x.via !== null).length;
  }
  assert.ok(matches >= 20 && combined >= 5, `${matches} matches, ${combined} combined: too few to compare`);
});
