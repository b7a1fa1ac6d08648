// The DuckDB extension in a real DuckDB: the one @duckdb/node-api bundles,
// which surfaces/duckdb/build.sh installs beside the extension.  Run by ctest
// (tests/duckdb/CMakeLists.txt):
//
//   PUNY_DUCKDB_DIR=build/duckdb PUNY_BIN=build/cli/puny node --test surfaces/duckdb/test/sql.test.mjs
//
// PUNY_DUCKDB_DIR holds puny.duckdb_extension and node/ (build.sh's OUT_DIR);
// PUNY_BIN is the command-line tool, which the million-row test checks
// every answer against; PUNY_BENCH_DATA the bench workloads
// (default ../shared/bench/data); PUNY_VOCABULARY the core's vocabulary
// (build/vocabulary.json, the puny_vocabulary target; default beside
// PUNY_DUCKDB_DIR).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = process.env.PUNY_DUCKDB_DIR && path.resolve(process.env.PUNY_DUCKDB_DIR);
const puny = process.env.PUNY_BIN && path.resolve(process.env.PUNY_BIN);
assert.ok(dir && fs.existsSync(path.join(dir, 'puny.duckdb_extension')),
          'PUNY_DUCKDB_DIR must hold puny.duckdb_extension (surfaces/duckdb/build.sh)');
const vocabularyFile = process.env.PUNY_VOCABULARY || path.join(dir, '..', 'vocabulary.json');
const benchData = process.env.PUNY_BENCH_DATA || path.join(here, '..', '..', '..', '..', 'shared', 'bench', 'data');
const require = createRequire(path.join(dir, 'node', 'package.json'));
const { DuckDBInstance } = require('@duckdb/node-api');

async function connect(options = {}) {
  const instance = await DuckDBInstance.create(':memory:', { allow_unsigned_extensions: 'true', ...options });
  const connection = await instance.connect();
  await connection.run(`LOAD '${path.join(dir, 'puny.duckdb_extension')}'`);
  return connection;
}

const db = await connect();

async function rows(sql) {
  return (await db.runAndReadAll(sql)).getRows();
}
async function value(sql) {
  return (await rows(sql))[0][0];
}
async function failure(sql) {
  try {
    await db.run(sql);
  } catch (e) {
    return e.message;
  }
  assert.fail(`no error from ${sql}`);
}
const quote = (s) => "'" + s.replaceAll("'", "''") + "'";

test('Punycode: the RFC 3492 samples and the seeds\' examples, both ways', async () => {
  const vectors = JSON.parse(fs.readFileSync(path.join(benchData, '..', '..', 'testdata', 'punycode_tests.json'), 'utf8'));
  const cases = vectors.filter((v) => typeof v.decoded === 'string' && typeof v.encoded === 'string')
    .map((v) => ({ unicode: v.decoded, punycode: v.encoded }));
  cases.push({ unicode: '3年B組金八先生', punycode: '3B-ww4c5e180e575a65lsy2b' }, { unicode: 'bücher', punycode: 'bcher-kva' });
  assert.ok(cases.length >= 10, 'punycode_tests.json has its samples');
  for (const { unicode, punycode } of cases) {
    assert.equal(await value(`SELECT punycode_encode(${quote(unicode)})`), punycode, unicode);
    assert.equal(await value(`SELECT punycode_decode(${quote(punycode)})`), unicode, punycode);
  }
});

test('IDNA: presets by name, alias and flags, as the other surfaces spell them', async () => {
  assert.equal(await value("SELECT idna_to_ascii('Bücher.de')"), 'xn--bcher-kva.de');
  assert.equal(await value("SELECT idna_to_unicode('xn--bcher-kva.de')"), 'bücher.de');
  assert.equal(await value("SELECT idna_to_ascii('faß.de', 'uts46')"), 'xn--fa-hia.de');
  assert.equal(await value("SELECT idna_to_ascii('faß.de', 'uts46, transitional')"), 'fass.de');
  assert.equal(await value("SELECT idna_to_ascii('a_b.de', 'registration')").catch(() => 'error'), 'error');
  assert.equal(await value("SELECT idna_to_ascii('a_b.de', 'URL')"), 'a_b.de');
  assert.equal(await value("SELECT idna_to_ascii('ⅻ.com')"), 'xii.com');
  // IDNA2008's errors have no UTS #46 code.
  assert.match(await failure("SELECT idna_to_ascii('ⅻ.com', 'idna2008')"), /idna_to_ascii: disallowed at byte 0 \(label 0, U\+217B\)/);
  // The URL Standard's domain to Unicode never fails: the input comes back.
  assert.equal(await value("SELECT idna_to_unicode('xn--a.com', 'url')"), 'xn--a.com');
  // The list of names is the core's (the same as idna_presets() in PostgreSQL).
  const message = await failure("SELECT idna_to_ascii('a.com', 'strict')");
  assert.match(message, /unknown IDNA preset 'strict' \(presets: uts46, url, url-strict, uts46-strict, idna2008, idna2008-lookup/);
  assert.match(await failure("SELECT try_idna_to_ascii('a.com', 'url, bogus')"), /unknown IDNA flag 'bogus'/);
  // Both words of one flag: refused, as the CLI refuses --transitional
  // --nontransitional (issue 52); the same word twice is accepted.
  assert.match(await failure("SELECT idna_to_ascii('faß.de', 'uts46 transitional nontransitional')"),
               /IDNA flag 'nontransitional' contradicts 'transitional' before it/);
  assert.match(await failure("SELECT try_idna_to_unicode('a.com', 'url, No-Std3 std3')"),
               /IDNA flag 'std3' contradicts 'No-Std3' before it/);
  assert.equal(await value("SELECT idna_to_ascii('faß.de', 'uts46 transitional transitional')"), 'fass.de');
});

test('host-safe by default: forbidden domain code points fail, uts46-raw is plain UTS #46', async () => {
  for (const [name, offset, cp] of [['a b.com', 1, 'U+0020'], ['a/b.com', 1, 'U+002F'],
                                    ['x.com:80', 5, 'U+003A'], ['me@bücher.de', 2, 'U+0040']]) {
    const quoted = name.replace(/'/g, "''");
    assert.deepEqual(await rows(`SELECT try_idna_to_ascii('${quoted}'), try_idna_to_unicode('${quoted}'),
                                        try_idna_to_ascii('${quoted}', 'idna2008-lookup')`), [[null, null, null]]);
    const [[check]] = await rows(`SELECT idna_check('${quoted}')`);
    assert.deepEqual([check.entries.error, check.entries.byte_offset, check.entries.code_point],
                     ['forbidden_domain_code_point', offset, cp]);
    assert.match(await failure(`SELECT idna_to_ascii('${quoted}')`), /forbidden_domain_code_point/);
    assert.notEqual(await value(`SELECT try_idna_to_ascii('${quoted}', 'uts46-raw')`), null);
    assert.notEqual(await value(`SELECT try_idna_to_ascii('${quoted}', 'uts46 no-forbid-domain-code-points')`), null);
  }
  assert.equal(await value("SELECT try_idna_to_ascii('a b.com', 'uts46-raw')"), 'a b.com');
});

test('errors name the function, the error, its UTS #46 code, offset, label and code point', async () => {
  assert.match(await failure("SELECT punycode_decode('ab!c')"),
               /punycode_decode: invalid_digit \(P4\) at byte 2 \(U\+0021\): /);
  assert.match(await failure("SELECT idna_to_ascii('a\u2028b.com')"),
               /idna_to_ascii: disallowed \(V7\) at byte 1 \(label 0, U\+2028\): /);
  assert.match(await failure("SELECT idna_to_unicode('ok.xn--ab!c')"), /idna_to_unicode: \w+ \(P4\) at byte \d+ \(label 1/);
  // U+0000 is a code point like any other.
  assert.match(await failure("SELECT idna_to_ascii('a' || chr(0) || 'b', 'url')"),
               /forbidden_domain_code_point at byte 1 \(label 0, U\+0000\)/);
  // try_: NULL instead.
  assert.deepEqual(await rows("SELECT try_punycode_decode('ab!c'), try_punycode_encode('a'), try_idna_to_ascii('a\u2028b.com'), try_idna_to_unicode('xn--bcher-kva.de')"),
                   [[null, 'a-', null, 'bücher.de']]);
});

test('NULL in gives NULL out, in every argument', async () => {
  const calls = ['punycode_encode(NULL)', 'punycode_decode(NULL)', 'try_punycode_encode(NULL)', 'try_punycode_decode(NULL)',
                 'idna_to_ascii(NULL)', "idna_to_ascii(NULL, 'url')", "idna_to_ascii('a.com', NULL)",
                 'idna_to_unicode(NULL)', "try_idna_to_unicode('a.com', NULL)", 'idna_check(NULL)',
                 "idna_check('a.com', NULL)", "idna_check('a.com', 'uts46', NULL)", 'idna_skeleton(NULL)',
                 'idna_display(NULL)', "idna_display('a.com', NULL)", 'idna_display_check(NULL)',
                 "idna_display_check('a.com', NULL)", 'try_punycode_decode(NULL)', "try_idna_to_ascii(NULL, 'url')"];
  for (const call of calls) assert.equal(await value(`SELECT ${call}`), null, call);
  // NULLs among values, in a column.
  assert.deepEqual(await rows("SELECT idna_to_ascii(x) FROM (VALUES ('Bücher.de'), (NULL), ('a.com')) t(x) ORDER BY x NULLS LAST"),
                   [['xn--bcher-kva.de'], ['a.com'], [null]]);
});

test('idna_check: the first error, located, as a struct', async () => {
  const [[check]] = await rows("SELECT idna_check('a\u2028b.com')");
  assert.deepEqual(Object.fromEntries(Object.entries(check.entries)), {
    ok: false, error: 'disallowed', uts46_code: 'V7', label: 0, byte_offset: 1, position: 2, code_point: 'U+2028', output: null });
  const [[good]] = await rows("SELECT idna_check('xn--bcher-kva.de', 'uts46', true)");
  assert.equal(good.entries.ok, true);
  assert.equal(good.entries.output, 'bücher.de');
  assert.equal(good.entries.error, null);
  const [[strict]] = await rows("SELECT idna_check('ⅻ.com', 'idna2008')");
  assert.equal(strict.entries.uts46_code, null);  // IDNA2008 errors have no UTS #46 code
  assert.equal(strict.entries.error, 'disallowed');
  // position counts characters (for substr): the third one here.
  const [[late]] = await rows("SELECT idna_check('éé\u2028.com')");
  assert.deepEqual([late.entries.byte_offset, late.entries.position], [4, 3]);
});

test('idna_check on NULL rows: the struct and every field NULL', async () => {
  // 50,000 NULL names among 1,000,000 (every 20th): a field read from a
  // NULL struct must be NULL, not the value of another row.
  const [[total, names, ok, errors, outputs, leaked]] = (await rows(`
    WITH t AS (SELECT CASE WHEN i % 20 = 0 THEN NULL ELSE 'PAYPAL' || i::VARCHAR END AS name
                 FROM range(1000000) r(i))
    SELECT count(*), count(name), count(idna_check(name).ok), count(idna_check(name).error),
           count(idna_check(name).output),
           count(*) FILTER (WHERE name IS NULL AND (idna_check(name).ok IS NOT NULL
             OR idna_check(name).output IS NOT NULL OR idna_check(name).label IS NOT NULL
             OR idna_check(name).byte_offset IS NOT NULL OR idna_check(name).position IS NOT NULL))
      FROM t`)).map((r) => r.map(Number));
  assert.deepEqual([total, names, ok, errors, outputs, leaked], [1000000, 950000, 950000, 0, 950000, 0]);
  // Every overload, NULL in each argument, beside rows with errors (whose
  // fields are all set), in one vector.
  const bad = "'a' || chr(8232) || '.de'";
  for (const [call, x] of [['idna_check(x)', bad], ["idna_check(x, 'uts46')", bad], ["idna_check(x, 'uts46', true)", bad],
                           [`idna_check(${bad}, x)`, "'uts46'"], [`idna_check(${bad}, 'uts46', x)`, 'true']]) {
    const got = await rows(`SELECT unnest([${call}]) FROM (VALUES (NULL), (${x}), (NULL)) t(x)`);
    assert.equal(got.length, 3, call);
    assert.equal(got[1][0].entries.error, 'disallowed', call);
    for (const i of [0, 2]) {
      const fields = got[i][0] === null ? {} : Object.fromEntries(Object.entries(got[i][0].entries));
      assert.ok(Object.values(fields).every((v) => v === null), `${call}, NULL row: ${JSON.stringify(fields)}`);
    }
  }
  const [[struct]] = await rows("SELECT idna_check(x) FROM (VALUES ('a' || chr(8232) || '.de'), (NULL)) t(x) WHERE x IS NULL");
  assert.equal(struct, null);
});

test('idna_check ToUnicode: the best-effort output on error, as the CLI and PostgreSQL give it', async () => {
  assert.ok(puny && fs.existsSync(puny), 'PUNY_BIN must name the puny executable');
  const inputs = ['a\uFFFFb.de', 'xn--a.com', 'xn--bcher-kva.de', 'ok.xn--ab!c', 'a\u200Db.example', '-x-.de'];
  for (const preset of ['uts46', 'uts46-strict', 'url', 'idna2008']) {
    let cli;
    try {
      cli = execFileSync(puny, ['to-unicode', '--preset', preset, '--json'], { input: inputs.join('\n') + '\n', stdio: ['pipe', 'pipe', 'ignore'] });
    } catch (e) {
      cli = e.stdout;  // exit status 1: some names fail
    }
    const expected = cli.toString('utf8').trim().split('\n').map((line) => JSON.parse(line));
    assert.equal(expected.length, inputs.length);
    for (let i = 0; i < inputs.length; ++i) {
      const [[check]] = await rows(`SELECT idna_check(${quote(inputs[i])}, '${preset}', true)`);
      const c = check.entries;
      assert.equal(c.ok, expected[i].output !== null, `${preset} ${inputs[i]}: ok`);
      // ok: the output; an error: ToUnicode's best effort (null under IDNA2008, which has none).
      assert.equal(c.output, expected[i].output ?? expected[i].best_effort, `${preset} ${inputs[i]}: output`);
    }
  }
  // The form docs/postgres.md shows: U+FFFD where the error is.
  assert.equal((await rows("SELECT idna_check('a' || chr(65535) || 'b.de', 'uts46', true).output"))[0][0], 'a\uFFFDb.de');
  // ToASCII has no output on error.
  assert.equal((await rows("SELECT idna_check('a' || chr(65535) || 'b.de').output"))[0][0], null);
});

test('the same functions as PostgreSQL: names, argument counts, registries', async () => {
  // Every CREATE FUNCTION of the PostgreSQL extension, with how many
  // arguments it takes (its DEFAULTs make the trailing ones optional).
  const pgSql = fs.readFileSync(path.join(here, '..', '..', 'postgres', 'puny--0.1.0.sql'), 'utf8');
  const postgres = new Map();
  // PostgreSQL's types in DuckDB's words; jsonb is JSON text (docs/duckdb.md).
  const pgFields = [...pgSql.match(/CREATE TYPE idna_check_result AS \(([^)]*)\)/)[1].matchAll(/(\w+) (\w+)/g)];
  const scalar = { text: 'VARCHAR', 'text[]': 'VARCHAR[]', boolean: 'BOOLEAN', integer: 'INTEGER', jsonb: 'VARCHAR' };
  const struct = `STRUCT(${pgFields.map(([, n, t]) => `${n} ${scalar[t]}`).join(', ')})`;
  const duckdbType = (t) => (t === 'idna_check_result' ? struct : scalar[t]);
  // RETURNS TABLE(columns): PostgreSQL's set of rows is DuckDB's list of
  // STRUCTs with the same fields (hunt_matches, hunt_brands, hunt_rules;
  // docs/duckdb.md).  hunt_brands' also, a jsonb array of objects there, is
  // a list of STRUCTs of the same members here.
  const nested = {
    'hunt_brands.also': 'STRUCT(rule VARCHAR, via VARCHAR, score INTEGER, position INTEGER, length INTEGER)[]',
  };
  const tableType = (name, columns) =>
    `STRUCT(${[...columns.matchAll(/"?(\w+)"? (\w+)/g)]
      .map(([, n, t]) => `${n} ${nested[`${name}.${n}`] ?? scalar[t]}`).join(', ')})[]`;
  const returns = new Map();
  // (A DEFAULT may call a function without arguments: hunt_alert_score().)
  for (const m of pgSql.matchAll(/CREATE FUNCTION (\w+)\(((?:[^()]|\(\))*)\)\s+RETURNS ([\w[\]]+)(?:\(([^)]*)\))?/g)) {
    returns.set(m[1], m[3] === 'TABLE' ? tableType(m[1], m[4]) : duckdbType(m[3]));
    const params = m[2].trim() === '' ? [] : m[2].split(',');
    const required = params.filter((p) => !/DEFAULT/i.test(p)).length;
    const counts = [];
    for (let n = required; n <= params.length; ++n) counts.push(n);
    postgres.set(m[1], counts);
  }
  assert.ok(postgres.size >= 17, `puny--0.1.0.sql has its functions (${postgres.size})`);
  const duckdb = new Map();
  for (const [name, count] of await rows(`SELECT function_name, len(parameters) FROM duckdb_functions()
                                            WHERE function_name IN (${[...postgres.keys()].map(quote).join(', ')})
                                               OR function_name LIKE '%idna%' OR function_name LIKE '%puny%'
                                            ORDER BY 1, 2`)) {
    if (!duckdb.has(name)) duckdb.set(name, []);
    duckdb.get(name).push(Number(count));
  }
  assert.deepEqual(Object.fromEntries(duckdb), Object.fromEntries([...postgres].sort(([a], [b]) => (a < b ? -1 : 1))));
  // The same result types (idna_check: the same fields, in order).
  assert.equal(pgFields.length, 8);
  for (const [name, type] of await rows(`SELECT DISTINCT function_name, replace(return_type, '"', '') FROM duckdb_functions()
                                          WHERE function_name IN (${[...postgres.keys()].map(quote).join(', ')})`))
    // email_check: PostgreSQL's jsonb object is a STRUCT of the same fields
    // here (docs/duckdb.md), DuckDB's record type; checked in email.test.mjs.
    if (name === 'email_check') assert.match(type, /^STRUCT\(valid BOOLEAN, error VARCHAR, /);
    else assert.equal(type, returns.get(name), name);

  // The registries are the core's (tests/vocabulary), as PostgreSQL's are.
  const core = JSON.parse(fs.readFileSync(vocabularyFile, 'utf8'));
  const [[presets, aliases, flags, profiles]] = await rows(
    'SELECT idna_presets(), idna_preset_aliases(), idna_preset_flags(), idna_display_profiles()');
  assert.deepEqual(presets.items, core.presets.map((p) => p.name));
  assert.deepEqual(aliases.items, core.aliases.map((a) => `${a.alias}=${a.name}`));
  assert.deepEqual(flags.items, core.flags.flatMap((f) => [f.on, f.off]));
  assert.deepEqual(profiles.items, core.display_profiles);
  // hunt_matches' default min_score, as PostgreSQL's DEFAULT hunt_alert_score().
  assert.equal(await value('SELECT hunt_alert_score()'), core.hunt_alert_score);
  assert.equal(await value('SELECT puny_version()'), `puny 0.1.0 (Unicode ${core.unicode_version})`);
  // On every row of a column too (one list per row).
  assert.deepEqual((await rows('SELECT len(idna_presets()) FROM range(3000)')).map((r) => Number(r[0])),
                   new Array(3000).fill(core.presets.length));
});

test('display profiles: ASCII case ignored, as for presets', async () => {
  assert.equal(await value("SELECT idna_display('xn--bcher-kva.de', 'ASCII-Only')"), 'xn--bcher-kva.de');
  assert.equal(await value("SELECT idna_display('xn--bcher-kva.de', 'Firefox-HIGH')"), 'bücher.de');
  assert.equal(JSON.parse(await value("SELECT idna_display_check('a.com', 'CHROMIUM')")).profile, 'chromium');
  assert.match(await failure("SELECT idna_display('a.com', 'chromium ')"), /unknown display profile 'chromium '/);
  // Preset names likewise (already so).
  assert.equal(await value("SELECT idna_to_ascii('faß.de', 'UTS46, Transitional')"), 'fass.de');
});

test('idna_display_check: every field of `puny display --json`', async () => {
  assert.ok(puny && fs.existsSync(puny), 'PUNY_BIN must name the puny executable');
  const names = ['xn--80ak6aa92e.com', 'www.example.co.uk', 'xn--bcher-kva.de', 'eb\u0430y.com', 'faß.de', 'xn--mxacd.gr'];
  for (const profile of ['chromium', 'firefox-high', 'ascii-only']) {
    const cli = execFileSync(puny, ['display', '--json', '--profile', profile], { input: names.join('\n') + '\n' })
      .toString('utf8').trim().split('\n').map((line) => JSON.parse(line));
    for (let i = 0; i < names.length; ++i) {
      const got = JSON.parse(await value(`SELECT idna_display_check(${quote(names[i])}, '${profile}')`));
      const want = cli[i];
      assert.equal(got.profile, want.profile);
      assert.equal(got.display, want.output, names[i]);
      assert.equal(got.registrable_domain, want.registrable_domain, names[i]);
      // Every finding as the CLI gives it, its message included (issue 52).
      assert.deepEqual(got.labels, want.labels, `${profile} ${names[i]}`);
    }
  }
  // With DuckDB's json extension, the fields as in PostgreSQL.
  assert.equal(await value("SELECT idna_display_check('xn--bcher-kva.de') ->> 'display'"), 'bücher.de');
  assert.equal(await value('SELECT idna_display_check(NULL)'), null);
  assert.equal(await value("SELECT idna_display_check('a.com', NULL)"), null);
  assert.match(await failure("SELECT idna_display_check('xn--a.com')"), /idna_display_check: disallowed \(V7\) at byte 0 \(label 0, U\+0080\)/);
  assert.match(await failure("SELECT idna_display_check('a.com', 'chrome')"), /unknown display profile 'chrome'/);
});

test('wrong types, huge values and input that is not UTF-8', async () => {
  // No implicit conversion: a number is not a name.
  for (const call of ['idna_to_ascii(42)', 'punycode_decode(1.5)', "idna_check('a', 'uts46', [1])", 'idna_display_check(42)', "idna_presets('x')"])
    assert.match(await failure(`SELECT ${call}`), /Binder Error: No function matches/, call);
  // DuckDB's VARCHAR is UTF-8 by construction: bytes that are not never
  // reach the functions (the cast from BLOB refuses them).
  assert.match(await failure("SELECT idna_to_ascii(decode(from_hex('61ff62')))"), /could not convert blob to UTF8/);
  assert.match(await failure("SELECT try_idna_to_ascii(decode(from_hex('c328')))"), /could not convert blob to UTF8/);
  // 1 MB values: a label, a name of 150,000 labels, an error at the very end.
  assert.equal(Number(await value("SELECT length(idna_to_ascii(repeat('a', 1048576)))")), 1048576);
  assert.equal(await value("SELECT idna_to_unicode(idna_to_ascii(repeat('bücher.', 149796) || 'de')) = repeat('bücher.', 149796) || 'de'"), true);
  const [[late]] = await rows("SELECT idna_check(repeat('ü', 300000) || chr(8232))");
  assert.deepEqual([late.entries.byte_offset, late.entries.position, late.entries.code_point], [600000, 300001, 'U+2028']);
  assert.equal(await value("SELECT try_punycode_decode(repeat('z', 1048576))"), null);
  assert.equal(await value("SELECT punycode_decode(punycode_encode(repeat('ü', 524288))) = repeat('ü', 524288)"), true);
  const check = JSON.parse(await value("SELECT idna_display_check(repeat('xn--bcher-kva.', 20000) || 'de')"));
  assert.equal(check.labels.length, 20001);
  assert.equal(check.display, 'bücher.'.repeat(20000) + 'de');
  assert.equal(Number(await value("SELECT length(idna_skeleton(repeat('pаypal', 100000)))")), 600000);
});

test('display safety and skeletons', async () => {
  assert.equal(await value("SELECT idna_display('bücher.de')"), 'bücher.de');
  assert.equal(await value("SELECT idna_display('аррӏе.com')"), 'xn--80ak6aa92e.com');
  assert.equal(await value("SELECT idna_display('bücher.de', 'ascii-only')"), 'xn--bcher-kva.de');
  assert.match(await failure("SELECT idna_display('a.com', 'nope')"), /unknown display profile 'nope' \(chromium/);
  assert.equal(await value("SELECT idna_skeleton('pаypal')"), await value("SELECT idna_skeleton('paypal')"));
  assert.match(await value('SELECT puny_version()'), /^puny \d+\.\d+\.\d+ \(Unicode \d+\.\d+\.\d+\)$/);
});

test('whole vectors, on several threads', async () => {
  const threaded = await connect({ threads: '2' });
  const result = await threaded.runAndReadAll(`
    SELECT count(*), count(*) FILTER (WHERE punycode_decode(punycode_encode(s)) = s),
           count(DISTINCT idna_to_ascii(s || '.example'))
    FROM (SELECT 'bücher' || i::VARCHAR || 'ü' AS s FROM range(300000) t(i))`);
  assert.deepEqual(result.getRows()[0].map(Number), [300000, 300000, 300000]);
});

// Every row of a million real names against the command-line tool.
test('a million rows agree with the command-line tool', async () => {
  assert.ok(puny && fs.existsSync(puny), 'PUNY_BIN must name the puny executable');
  const lines = [];
  for (const name of ['domains-mixed.txt', 'domains-idn.txt']) {
    const text = fs.readFileSync(path.join(benchData, name), 'utf8');
    for (const line of text.split('\n')) if (line && !line.includes('\r') && !line.includes('\uFFFD')) lines.push(line);
  }
  const names = [];
  while (names.length < 1000000) names.push(...lines.slice(0, 1000000 - names.length));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'puny-duckdb-'));
  const file = path.join(work, 'names.txt');
  fs.writeFileSync(file, names.join('\n') + '\n');
  const connection = await connect({ threads: '2' });
  await connection.run('CREATE TABLE names (id BIGINT, name VARCHAR)');
  const appender = await connection.createAppender('names');
  names.forEach((name, i) => {
    appender.appendBigInt(BigInt(i));
    appender.appendVarchar(name);
    appender.endRow();
  });
  appender.closeSync();
  for (const [sql, args] of [
    ['try_idna_to_ascii(name)', ['to-ascii']],
    ["try_idna_to_ascii(name, 'uts46-raw')", ['to-ascii', '--raw']],
    ["try_idna_to_ascii(name, 'url')", ['to-ascii', '--preset', 'url']],
    ['try_idna_to_unicode(name)', ['to-unicode']],
    ["try_idna_to_ascii(name, 'idna2008-lookup')", ['to-ascii', '--preset', 'idna2008-lookup']],
  ]) {
    let cli;
    try {
      cli = execFileSync(puny, [...args, '-q', '--input', file], { maxBuffer: 1 << 30 });
    } catch (e) {
      cli = e.stdout;  // exit status 1: some names fail
    }
    const expected = cli.toString('utf8').split('\n');
    const got = (await connection.runAndReadAll(`SELECT ${sql} FROM names ORDER BY id`)).getRows();
    assert.equal(got.length, names.length);
    let mismatches = 0, failures = 0;
    for (let i = 0; i < names.length; ++i) {
      const out = got[i][0] ?? '';
      if (out === '') ++failures;
      if (out !== expected[i] && ++mismatches <= 5) console.log(`${sql}: ${JSON.stringify(names[i])} -> ${JSON.stringify(out)}, CLI ${JSON.stringify(expected[i])}`);
    }
    console.log(`${sql}: ${names.length} rows, ${failures} NULL, ${mismatches} differ from puny ${args.join(' ')}`);
    assert.equal(mismatches, 0, sql);
    assert.ok(failures < names.length / 2, `${sql}: most names convert`);
    if (args.includes('--raw')) assert.ok(failures > 0, `${sql}: the real names include failures`);
  }
  fs.rmSync(work, { recursive: true, force: true });
});
