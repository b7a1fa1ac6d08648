// The DuckDB extension in a real DuckDB: the one @duckdb/node-api bundles,
// which surfaces/duckdb/build.sh installs beside the extension.  Run by ctest
// (tests/duckdb/CMakeLists.txt):
//
//   PUNY_DUCKDB_DIR=build/duckdb PUNY_BIN=build/cli/puny node --test surfaces/duckdb/test/sql.test.mjs
//
// PUNY_DUCKDB_DIR holds puny.duckdb_extension and node/ (build.sh's OUT_DIR);
// PUNY_BIN is the command-line tool, which the million-row test checks
// every answer against; PUNY_BENCH_DATA the bench workloads
// (default ../shared/bench/data).
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
               /punycode_decode: invalid_digit at byte 2 \(U\+0021\): /);
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
                 'idna_display(NULL)', "idna_display('a.com', NULL)"];
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
