// Display safety in the npm package: the library's profiles, reasons and
// decisions through the WebAssembly build, lists given as text.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageDir, punyDisplay as puny } from './support/load.mjs';

const APPLE = '\u0430\u0440\u0440\u04cf\u0435.com';  // Cyrillic letters that look like "apple"

// The core's display profiles, in its order (tests/vocabulary, PUNY_VOCABULARY).
function coreProfiles() {
  assert.ok(process.env.PUNY_VOCABULARY,
            "PUNY_VOCABULARY must name the core's vocabulary.json (the puny_vocabulary target)");
  return JSON.parse(readFileSync(process.env.PUNY_VOCABULARY, 'utf8')).display_profiles;
}

test('profiles and reasons come from the library', () => {
  assert.deepEqual(puny.displayProfiles.map((p) => p.name), coreProfiles());
  assert.equal(puny.displayProfiles[0].name, 'chromium');
  for (const p of puny.displayProfiles) assert.ok(p.description.length > 0 && p.source.length > 0);
  assert.ok(puny.displayReasons.includes('whole_script_confusable'));
  assert.equal(new Set(puny.displayReasons).size, puny.displayReasons.length);
});

// The declarations spell the profile names out for TypeScript (a .d.ts cannot
// ask the library): each union must be the library's list.
for (const [file, type] of [['display.d.ts', 'DisplayProfile'], ['email.d.ts', 'EmailDisplayProfile']]) {
  test(`dist/${file}: ${type} names every profile of the library`, () => {
    const dts = readFileSync(path.join(packageDir, 'dist', file), 'utf8');
    const m = dts.match(new RegExp(`^export type ${type} =([^;]*);`, 'm'));
    assert.ok(m, `no ${type} type in dist/${file}`);
    assert.deepEqual([...m[1].matchAll(/'([^']*)'/g)].map((x) => x[1]), coreProfiles(), `${type} in dist/${file}`);
  });
}

test('display keeps lookalikes as A-labels and says why', () => {
  const d = puny.display(APPLE);
  assert.equal(d.display, 'xn--80ak6aa92e.com');
  assert.equal(d.registrableDomain, APPLE);
  const [first, tld] = d.labels;
  assert.equal(first.aLabel, 'xn--80ak6aa92e');
  assert.equal(first.uLabel, APPLE.slice(0, 5));
  assert.equal(first.showUnicode, false);
  const f = first.findings[0];
  assert.equal(f.reason, 'whole_script_confusable');
  assert.equal(f.codePoint, 0x430);
  assert.equal(f.imitates, 0x61);
  assert.equal(f.offset, 0);
  assert.match(f.step, /^chromium\//);
  assert.equal(tld.showUnicode, true);
  assert.deepEqual(tld.findings, []);
  assert.equal(puny.toDisplay('xn--bcher-kva.de'), 'bücher.de');
  assert.equal(puny.toDisplay('bücher.de', { profile: 'ascii-only' }), 'xn--bcher-kva.de');
  assert.equal(puny.toDisplay('b\u057ds.com', { profile: 'firefox-moderate' }), 'b\u057ds.com');
  assert.equal(puny.toDisplay('b\u057ds.com', { profile: 'firefox-high' }), 'xn--bs-red.com');
});

test('offsets are UTF-16 indices into the input', () => {
  const d = puny.display('\u{1F600}x.eb\u0430y.com');
  assert.equal(d.labels[1].offset, 4);
  assert.equal(d.labels[1].findings[0].offset, 6);
});

test('errors: invalid names as toUnicode, unknown profiles, malformed lists', () => {
  assert.throws(() => puny.display('xn--a.com'), { name: 'PunyError', code: 'disallowed', uts46: 'V7' });
  assert.throws(() => puny.display('a.com', { profile: 'chrome' }), TypeError);
  assert.throws(() => puny.display('a.com', { topDomains: 'google.com\nnot a domain\n' }),
                { name: 'PunyError', code: 'list_syntax', message: /^topDomains:2: / });
});

// toDisplay has its own export (the core's to_display, no decision built;
// issue 44): the same text as display().display, and the same errors, for
// every profile, with and without lists.
test('toDisplay is display().display, errors included', () => {
  const names = ['b\u00fccher.de', 'xn--bcher-kva.de', APPLE, 'b\u057ds.com', 'www.googl\u00e9.com',
                 '\u{1F600}x.eb\u0430y.com', 'a.b.example.co.uk', 'xn--a.com', 'a\u200db.de', '', '.', 'A.COM.',
                 '\u00fc.'.repeat(300) + 'com', 'x'.repeat(64) + '.de', 'a b.com', 'a\ud800b.de'];
  const lists = [{}, { topDomains: 'google.com\n', psl: 'uk\nco.uk\n' }];
  for (const profile of puny.displayProfiles.map((p) => p.name)) {
    for (const l of lists) {
      for (const name of names) {
        const options = { profile, ...l };
        let want;
        try {
          want = puny.display(name, options).display;
        } catch (e) {
          assert.throws(() => puny.toDisplay(name, options), { name: e.name, code: e.code, message: e.message },
                        `${profile} ${JSON.stringify(name)}`);
          continue;
        }
        assert.equal(puny.toDisplay(name, options), want, `${profile} ${JSON.stringify(name)}`);
      }
    }
  }
  assert.throws(() => puny.toDisplay('a.com', { profile: 'chrome' }), TypeError);
  assert.throws(() => puny.toDisplay('a.com', { topDomains: 'google.com\nnot a domain\n' }),
                { name: 'PunyError', code: 'list_syntax', message: /^topDomains:2: / });
});

test('protected domains given as text', () => {
  const topDomains = '# protected\ngoogle.com\n';
  const d = puny.display('www.googl\u00e9.com', { topDomains });
  assert.equal(d.display, 'www.xn--googl-fsa.com');
  assert.equal(d.labels[1].findings[0].similarTo, 'google.com');
  assert.equal(puny.toDisplay('google.com', { topDomains }), 'google.com');
  assert.equal(puny.toDisplay('www.googl\u00e9.com'), 'www.googl\u00e9.com');
  const psl = 'uk\nco.uk\n';
  assert.equal(puny.display('a.b.example.co.uk', { psl }).registrableDomain, 'example.co.uk');
  assert.equal(puny.display('a.b.example.co.uk').registrableDomain, 'co.uk');
});

test('skeleton', () => {
  assert.equal(puny.skeleton('\u0440\u0430\u0443\u0440\u0430l'), 'paypal');
  assert.equal(puny.skeleton('m'), 'rn');
  assert.throws(() => puny.skeleton('a\ud800'), { code: 'invalid_utf16', offset: 1 });
});
