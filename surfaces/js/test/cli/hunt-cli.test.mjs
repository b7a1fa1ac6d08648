// puny/display's lookalike hunting against `puny hunt --json` (issue 39): the
// same core through two surfaces must find the same matches (brand, rule,
// score), at the same place (the CLI's byte offsets being the JavaScript
// string's UTF-16 indices of the same characters), with the same display
// verdict (its profile and findings too).  This checks the binding (brand list, rule mask, profile, offset
// conversion, field names), not the core's rules.  Run by ctest wasm.hunt.cli:
//
//   PUNY_BIN=build/cli/puny PUNY_JS_PACKAGE=build/wasm/package PUNY_VOCABULARY=build/vocabulary.json \
//     node --test hunt-cli.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const bin = process.env.PUNY_BIN;
const packageDir = process.env.PUNY_JS_PACKAGE;
assert.ok(bin && packageDir, 'PUNY_BIN and PUNY_JS_PACKAGE must be set');
const display = await import(pathToFileURL(path.join(packageDir, 'dist', 'display.mjs')).href);

const brands = [
  '# test brands',
  'paypal.com keywords=wallet allow=paypal.me',
  'google.com',
  'microsoft.com',
  'amazon.co.uk',
  'b\u00fccher.de',
  'xn--80ak6aa92e.com',  // an A-label brand (Cyrillic)
  '',
].join('\n');

// Names that match by every rule, and names that match nothing; U-labels,
// A-labels, characters beyond U+FFFF before the match (two UTF-16 code units,
// four bytes), deep subdomains, names that are not valid IDNA.
const names = [
  'paypa1.com', 'rnicrosoft.com', 'xn--80aa0cbo65f.com', '\u0440\u0430\u0443\u0440\u0430l.com',
  'paypal-login.com', 'paypal-wallet.net', 'login.paypal.com.evil.tld', 'x.y.paypal.com-secure.example',
  'paypall.com', 'paypl.com', 'papyal.com', 'pay-pal.com', 'goggle.com', 'gooogle.com', 'google.net',
  'google.co.uk', 'amazon.com', 'amazon.de', 'amaz0n.co.uk', 'bucher.de', 'b\u00fccher.com', 'xn--bcher-kva.net',
  '\u{1F600}.paypal-login.com', '\u{1D54F}\u00fc.g00gle.com', 'mic\u0433osoft.com', 'example.com', 'paypal.me',
  'paypal.com', 'a..paypa1.com', '-paypa1.com', 'paypa1.com.', 'xn--a.google.com', '\u00fc'.repeat(40) + '.gooogle.com',
  'apple.com', '\u0430pple.com', 'xn--pypal-4ve.com', 'xn--80ak6aa92e.org', '\u0430\u0440\u0440\u04cf\u0435.com', 'goog1e-login.com',
  // Public suffixes only the Public Suffix List knows (with it: tld_swap, a
  // homoglyph; without: an embedding, nothing).
  'paypal.github.io', 'paypa1.blogspot.com', 'google.co.za',
  // A replacement's reasons (keyboard, vowel_swap, bitsquatting) and a brand
  // label split by dots, after a character beyond U+FFFF.
  'paypak.com', 'paypol.com', 'paypcl.com', 'pay.pal.com', '\u{1F600}.p.ay.pal.com', 'b\u00fc.cher.de',
  // Letters only Chromium's skeletons map to the brand's (chromium_skeleton):
  // Komi sje and palochka, Cyrillic em and te, after a character beyond U+FFFF.
  '\u050d\u043e\u043e\u050d\u04cf\u0435.com', '\u{1F600}.\u043cicrosof\u0442.com', 'xn--e1ara49ctjc.net',
];

// The UTF-16 index of byte `offset` of the name's UTF-8.
const utf16Index = (text, offset) => Buffer.from(text, 'utf8').subarray(0, offset).toString('utf8').length;

// Debian's publicsuffix package (scripts/install-deps.sh), as `puny hunt` reads by default.
const pslFile = '/usr/share/publicsuffix/public_suffix_list.dat';

const dir = mkdtempSync(path.join(tmpdir(), 'puny-hunt-'));
const brandFile = path.join(dir, 'brands.txt');
writeFileSync(brandFile, brands);
test.after(() => rmSync(dir, { recursive: true, force: true }));

function cli(flags) {
  const psl = flags.includes('--psl') ? [] : ['--no-psl'];
  const out = execFileSync(bin, ['hunt', '--brands', brandFile, '--json', ...psl, ...flags],
                           { input: names.join('\n') + '\n', encoding: 'utf8' });
  return out.trim().split('\n').filter((l) => l).map((l) => JSON.parse(l));
}

const optionSets = [
  [{}, []],  // the default on both sides: the core's alert threshold
  [{ minScore: 0 }, ['--min-score', '0']],  // every match, weak evidence too
  [{ rules: ['homoglyph', 'skeleton', 'combo_squatting'] }, ['--rules', 'homoglyph,skeleton,combo_squatting']],
  [{ rules: 'replacement target_embedding', minScore: 62 }, ['--rules', 'replacement,target_embedding', '--min-score', '62']],
  [{ rules: ['keyboard', 'label_split'] }, ['--rules', 'keyboard,label_split']],
  [{ rules: ['chromium_skeleton'] }, ['--rules', 'chromium_skeleton']],
  [{ profile: 'firefox-high' }, ['--profile', 'firefox-high']],
  [{ minScore: 90, profile: 'ascii-only' }, ['--min-score', '90', '--profile', 'ascii-only']],
  // The Public Suffix List as text (co.uk public: amazon.co.uk's label is amazon).
  [{ psl: readFileSync(pslFile, 'utf8') }, ['--psl', pslFile]],
];

for (const [options, flags] of optionSets) {
  test(`the CLI's matches, offsets and verdicts: ${JSON.stringify(options, (k, v) => (k === 'psl' ? '(its text)' : v))}`, () => {
    const byLine = new Map(cli(flags).map((o) => [o.line, o]));
    const reasons = new Map();  // "rule+via" -> the JavaScript matches' reasons
    const cliReasons = new Map();  // "rule+via" -> the CLI's reason
    const index = display.huntIndex(brands, options);
    try {
      assert.equal(index.size, 6);
      const all = index.matchesMany(names);
      assert.equal(all.length, names.length);
      let matched = 0;
      let findings = 0;
      for (const [i, name] of names.entries()) {
        const js = all[i];
        assert.deepEqual(index.matches(name), js, `matches and matchesMany differ on ${name}`);
        const c = byLine.get(i + 1);
        if (!c) {
          assert.deepEqual(js.matches, [], `${name}: the CLI found nothing`);
          assert.equal(js.verdict, null, `${name}: no verdict without a match`);
          continue;
        }
        ++matched;
        assert.equal(c.input, name);
        assert.equal(js.name, c.name, name);
        // The verdict, its profile and its findings (why labels stay
        // A-labels, issue 53) in the CLI's form: code points "U+XXXX",
        // code_point and similar_to only where set.
        const asCli = (f) => ({ label: f.label, reason: f.reason, step: f.step,
                                ...(f.codePoint === null ? {} : { code_point: 'U+' + f.codePoint.toString(16).toUpperCase().padStart(4, '0') }),
                                ...(f.similarTo === null ? {} : { similar_to: f.similarTo }) });
        assert.deepEqual({ ...js.verdict, findings: js.verdict.findings.map(asCli) },
                         { status: c.verdict.status, display: c.verdict.display, allShown: c.verdict.all_shown,
                           profile: c.verdict.profile, findings: c.verdict.findings }, name);
        findings += js.verdict.findings.length;
        const place = (m) => {
          const begin = utf16Index(name, m.offset);
          return { offset: begin, length: utf16Index(name, m.offset + m.length) - begin };
        };
        assert.deepEqual(js.matches.map(({ reason, ...m }) => m), c.matches.map((m) => (
          { brand: m.brand, rule: m.rule, ...place(m), score: m.score, via: m.via ?? null })), name);
        // The core's triage view and reasons (issue 53): the CLI's top
        // score and brands, field by field, the reason text equal.
        assert.equal(js.score, c.score, name);
        // (The CLI's offsets in bytes as UTF-16 indices; JavaScript's as they are.)
        const entry = (brand, m, at) => ({ brand, rule: m.rule, via: m.via ?? null, score: m.score, ...at(m) });
        const same = (m) => ({ offset: m.offset, length: m.length });
        assert.deepEqual(js.brands.map((b) => ({ ...entry(b.brand, b.best, same), reason: b.best.reason,
                                                 also: b.also.map((o) => entry(b.brand, o, same)) })),
                         c.brands.map((b) => ({ ...entry(b.brand, b, place), reason: b.reason,
                                                also: b.also.map((o) => entry(b.brand, o, place)) })), name);
        for (const b of js.brands) {
          assert.ok(js.matches.includes(b.best), `${name}: brands hold the matches' own objects`);
          for (const o of b.also) assert.ok(js.matches.includes(o), name);
        }
        for (const m of js.matches) {
          const key = m.rule + '+' + m.via;
          if (!reasons.has(key)) reasons.set(key, new Set());
          reasons.get(key).add(m.reason);
        }
        for (const b of c.brands) cliReasons.set(b.rule + '+' + (b.via ?? null), b.reason);
        for (const m of js.matches) {
          assert.ok(m.offset + m.length <= name.length, name);
          assert.ok(display.huntRules.some((r) => r.name === m.rule), m.rule);
        }
      }
      // The names were chosen to match: a binding that lost every match fails.
      assert.ok(matched >= (flags.length === 0 ? 25 : 3), `only ${matched} names matched`);
      if (flags.length === 0) assert.ok(findings >= 10, `only ${findings} findings`);
      // Every match's reason (those in `also` too) is the CLI's for its rule
      // and via rule: one text per pair.
      for (const [key, texts] of reasons) {
        assert.equal(texts.size, 1, key);
        if (cliReasons.has(key)) assert.equal([...texts][0], cliReasons.get(key), key);
      }
    } finally {
      index.free();
    }
  });
}

test('the rule vocabulary is the CLI\'s', () => {
  const help = execFileSync(bin, ['hunt', '--help'], { encoding: 'utf8' });
  for (const r of display.huntRules) assert.ok(help.includes(`${r.name}: ${r.description}`), r.name);
  assert.equal(display.huntRules.length, new Set(display.huntRules.map((r) => r.name)).size);
  // The declarations' HuntRule union names the same rules (dist/display.d.ts).
  const dts = readFileSync(path.join(packageDir, 'dist', 'display.d.ts'), 'utf8');
  const union = /export type HuntRule =([^;]*);/.exec(dts);
  assert.ok(union, 'display.d.ts declares HuntRule');
  assert.deepEqual([...union[1].matchAll(/'(\w+)'/g)].map((m) => m[1]).sort(),
                   display.huntRules.map((r) => r.name).sort());
  // The core's registry field by field (tests/vocabulary), bits included.
  assert.ok(process.env.PUNY_VOCABULARY, 'PUNY_VOCABULARY must name the core\'s vocabulary.json');
  const core = JSON.parse(readFileSync(process.env.PUNY_VOCABULARY, 'utf8')).hunt_rules;
  assert.deepEqual(display.huntRules.map((r) => ({ ...r })),
                   core.map((c) => ({ name: c.name, description: c.description, bit: c.value,
                                      minBrandLength: c.min_brand_length, score: c.score })));
});

test('errors: a malformed list as the CLI reports it, wrong types, a freed index', () => {
  writeFileSync(path.join(dir, 'bad.txt'), 'paypal.com\ngoogle.com bogus=1\n');
  let stderr = '';
  try {
    // --strict: the CLI's default skips a malformed line with a warning;
    // huntIndex, like the other library surfaces, is strict (docs/hunt.md).
    execFileSync(bin, ['hunt', '--strict', '--brands', path.join(dir, 'bad.txt'), '--no-psl'], { input: 'x.com\n', stdio: 'pipe' });
  } catch (e) {
    stderr = String(e.stderr);
  }
  assert.match(stderr, /list_syntax/);
  assert.throws(() => display.huntIndex('paypal.com\ngoogle.com bogus=1\n'), (e) =>
    e instanceof display.PunyError && e.code === 'list_syntax' && /:2: /.test(e.message) &&
    stderr.includes(e.message.slice(e.message.indexOf(':2: ') + 4)));
  assert.throws(() => display.huntIndex(42), TypeError);
  assert.throws(() => display.huntIndex('paypal.com', { rules: ['no_such_rule'] }), TypeError);
  assert.throws(() => display.huntIndex('paypal.com', { profile: 'lynx' }), TypeError);
  const index = display.huntIndex('paypal.com');
  assert.throws(() => index.matches(null), TypeError);
  assert.throws(() => index.matchesMany('paypa1.com'), TypeError);
  assert.throws(() => index.matches('pay\uD800pal.com'), (e) => e instanceof display.PunyError && e.code === 'invalid_utf16');
  index.free();
  index.free();  // twice: nothing
  assert.throws(() => index.matches('paypa1.com'), TypeError);
});

// A large call renews the module's instance (surfaces/js/lib/load.js), which
// drops its native indexes: an index built before answers as before,
// built again from the text it kept.
test('an index outlives the renewal of the module instance', async () => {
  const index = display.huntIndex(brands, { rules: 'homoglyph' });
  const before = index.matches('paypa1.com');
  assert.equal(before.matches.length, 1);
  display.skeleton('\u00fc'.repeat(8e6));  // grows the display module's memory past 64 MB
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(index.matches('paypa1.com'), before);
  assert.deepEqual(index.matchesMany(['rnicrosoft.com'])[0].matches.map((m) => m.rule), ['homoglyph']);
  index.free();
});
