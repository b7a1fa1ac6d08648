// huntIndex's verdict says why a name stays an A-label (issue 53, "Triage
// output"): verdict.profile and verdict.findings, the core's
// hunt::report::findings in the shape display() gives a label's
// findings (DisplayFinding: offsets in UTF-16 code units).  The findings
// equal `puny hunt --json`'s on the same names in test/cli/hunt-cli.test.mjs
// (wasm.hunt.cli).
import test from 'node:test';
import assert from 'node:assert/strict';
import { punyDisplay, withHuntIndex as withIndex } from './support/load.mjs';

test('a Cyrillic lookalike says why it stays an A-label', () => {
  withIndex('paypal.com\n', {}, (index) => {
    const { verdict } = index.matches('xn--pypal-4ve.com');
    assert.equal(verdict.display, 'xn--pypal-4ve.com');
    assert.equal(verdict.allShown, false);
    assert.equal(verdict.profile, 'chromium');
    assert.deepEqual(verdict.findings.map((f) => [f.reason, f.step, f.label, f.codePoint, f.similarTo]), [
      ['restriction_level', 'chromium/1-icu-restriction-level', 0, 0x430, null],
      ['top_domain_lookalike', 'chromium/8-top-domain-skeleton', 0, null, 'paypal.com'],
    ]);
    // display()'s findings with the brand as the protected domain, field by field.
    const shown = punyDisplay.display('xn--pypal-4ve.com', { topDomains: 'paypal.com\n' });
    assert.deepEqual(verdict.findings, shown.labels.flatMap((l) => l.findings));
  });
});

test('offsets are UTF-16 indices of the input; another profile is named', () => {
  withIndex('paypal.com\n', { profile: 'Firefox-Moderate' }, (index) => {
    const name = '\u00fc.p\u0430yp\u0430l.com';  // 2 UTF-8 bytes, 1 UTF-16 unit before the label
    const { verdict } = index.matches(name);
    assert.equal(verdict.profile, 'firefox-moderate');
    assert.ok(verdict.findings.some((f) => f.codePoint === 0x430 && f.offset === 3), JSON.stringify(verdict));
    for (const f of verdict.findings) {
      assert.equal(f.label, 1);
      if (f.codePoint !== null) assert.equal(name.codePointAt(f.offset), f.codePoint, JSON.stringify(f));
    }
  });
  withIndex('paypal.com\n', {}, (index) => {
    assert.equal(index.matches('example.org').verdict, null);  // no match, no verdict
    const shown = index.matches('\u00fc.paypa1.com').verdict;
    assert.equal(shown.allShown, true);
    assert.deepEqual(shown.findings, []);
    const invalid = index.matches('xn--a.paypa1.com').verdict;
    assert.notEqual(invalid.status, null);
    assert.deepEqual(invalid.findings, []);
  });
});
