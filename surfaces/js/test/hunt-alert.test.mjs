// huntIndex's default minScore (issue 53): the core's alert threshold,
// huntAlertScore ("hunt_alert_score" of the core's vocabulary,
// PUNY_VOCABULARY), written into the entry file like huntRules.  The default
// leaves out weak evidence (paypal.net, a tld_swap of paypal.com scoring 35);
// minScore 0 keeps it.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { packageDir, punyDisplay } from './support/load.mjs';
import { instanceCounts } from './support/lazy-modules.mjs';

const require = createRequire(import.meta.url);
const dist = path.join(packageDir, 'dist');

function coreAlertScore() {
  assert.ok(process.env.PUNY_VOCABULARY, 'PUNY_VOCABULARY must name the core\'s vocabulary.json');
  const core = JSON.parse(readFileSync(process.env.PUNY_VOCABULARY, 'utf8'));
  assert.ok(Number.isInteger(core.hunt_alert_score), 'the core\'s vocabulary has no hunt_alert_score');
  return core.hunt_alert_score;
}

const rulesAndScores = (index, name) => index.matches(name).matches.map((m) => [m.rule, m.score]);

test('huntAlertScore is the core\'s alert threshold, in every form, read without a module', () => {
  const cjs = require(path.join(dist, 'display.cjs'));
  assert.equal(punyDisplay.huntAlertScore, coreAlertScore());
  assert.equal(punyDisplay.default.huntAlertScore, punyDisplay.huntAlertScore);
  assert.equal(cjs.huntAlertScore, punyDisplay.huntAlertScore);
  const counts = instanceCounts(path.join(dist, 'display.mjs'), 'display', `
    if (display.huntAlertScore !== ${coreAlertScore()}) throw new Error('huntAlertScore');
    mark();`);
  assert.deepEqual(counts, [0, 0], 'instances after the import and after reading huntAlertScore');
});

test('the default leaves out weak evidence; minScore 0 keeps it', () => {
  for (const entry of [punyDisplay, require(path.join(dist, 'display.cjs'))]) {
    const everything = entry.huntIndex('paypal.com', { minScore: 0 });
    const byDefault = entry.huntIndex('paypal.com');
    const explicit = entry.huntIndex('paypal.com', { minScore: entry.huntAlertScore });
    try {
      assert.deepEqual(rulesAndScores(everything, 'paypal.net'), [['tld_swap', 35]]);
      assert.ok(35 < entry.huntAlertScore);
      assert.deepEqual(rulesAndScores(byDefault, 'paypal.net'), []);
      assert.deepEqual(byDefault.matchesMany(['paypal.net'])[0].matches, []);
      assert.deepEqual(rulesAndScores(explicit, 'paypal.net'), []);
      // An alert stays.
      assert.ok(rulesAndScores(byDefault, 'paypa1.com').some(([r]) => r === 'homoglyph'));
    } finally {
      everything.free();
      byDefault.free();
      explicit.free();
    }
  }
});
