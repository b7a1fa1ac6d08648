// huntIndex's reports carry the core's triage view (issue 53, "Triage
// output" for every surface): each match its via rule (a combined match's
// second step, else null) and its reason in words (puny::hunt::reason), the
// report its top score and its matches per brand (puny::hunt::by_brand: the
// best match, the others as `also`, brands by best score).  The reasons
// equal `puny hunt --json`'s in test/cli/hunt-cli.test.mjs (wasm.hunt.cli).
import test from 'node:test';
import assert from 'node:assert/strict';
import { punyDisplay, withHuntIndex as withIndex } from './support/load.mjs';

const HOMOGLYPH = 'Same skeleton as the brand\'s label with ASCII lookalikes only (rn/m, 0/o, 1/l, vv/w)';
const COMBO = 'The brand\'s label joined to a keyword or to a word by a hyphen';

test('a combined match names its via rule and both reasons', () => {
  withIndex('paypal.com\n', {}, (index) => {
    const r = index.matches('paypa1-login.com');
    assert.equal(r.matches.length, 1);
    const [m] = r.matches;
    assert.equal(m.rule, 'combo_squatting');
    assert.equal(m.via, 'homoglyph');
    assert.equal(m.reason, `${COMBO}; the brand's label in it: s${HOMOGLYPH.slice(1)}`);
    assert.equal(r.score, m.score);
    assert.deepEqual(r.brands, [{ brand: 'paypal.com', best: m, also: [] }]);
    assert.equal(r.brands[0].best, m, 'the entry holds the match object itself');
  });
});

test('one brand matched by two rules: one entry, the other match as also', () => {
  withIndex('paypal.com\n', { minScore: 0 }, (index) => {
    const r = index.matches('paypa1.com');
    assert.deepEqual(r.matches.map((m) => [m.rule, m.via, m.score]),
                     [['homoglyph', null, 90], ['replacement', null, 65]]);
    assert.equal(r.brands.length, 1);
    const [e] = r.brands;
    assert.equal(e.best.rule, 'homoglyph');
    assert.equal(e.best.reason, HOMOGLYPH);
    assert.deepEqual(e.also.map((m) => m.rule), ['replacement']);
    assert.ok(e.also[0].reason.startsWith('The brand\'s label with one character replaced'));
    assert.equal(r.score, 90);
  });
});

test('brands by best score; no match: score 0 and no brands', () => {
  withIndex('paypal.com\ngoogle.com\n', { minScore: 0 }, (index) => {
    const r = index.matches('g00gle-paypal.com');
    assert.deepEqual(r.brands.map((b) => [b.brand, b.best.rule, b.best.via]),
                     [['google.com', 'combo_squatting', 'homoglyph'], ['paypal.com', 'combo_squatting', null]]);
    assert.ok(r.brands[0].best.score > r.brands[1].best.score);
    assert.equal(r.score, r.brands[0].best.score);
    assert.equal(r.brands[1].best.reason, COMBO);
    const none = index.matches('example.org');
    assert.equal(none.score, 0);
    assert.deepEqual(none.brands, []);
    assert.deepEqual(index.matchesMany(['paypa1-login.com'])[0], index.matches('paypa1-login.com'));
  });
});

test('every reason is built from the rule descriptions of huntRules', () => {
  const description = new Map(punyDisplay.huntRules.map((r) => [r.name, r.description]));
  withIndex('paypal.com keywords=login\nmicrosoft.com\n', { minScore: 0 }, (index) => {
    let combined = 0;
    for (const name of ['paypa1-login.com', 'rnicrosoft.com', 'paypal.com.evil.tld', 'paypa1.com.evil.tld',
                        'securepaypall.com', 'pay-pal.com', 'paypal.net', '\u0440\u0430\u0443\u0440\u0430l.com']) {
      for (const m of index.matches(name).matches) {
        if (m.via === null) {
          assert.equal(m.reason, description.get(m.rule), name);
          continue;
        }
        ++combined;
        const via = description.get(m.via);
        assert.equal(m.reason, `${description.get(m.rule)}; the brand's label in it: ${via[0].toLowerCase()}${via.slice(1)}`, name);
      }
    }
    assert.ok(combined >= 3, `only ${combined} combined matches`);
  });
});
