// explain: the Bootstring steps from the library's own coder, checked
// against RFC 3492's sample L and the numbers the seeds compute by hand.
import test from 'node:test';
import assert from 'node:assert/strict';
import { puny } from './support/load.mjs';

test('explain encode: sample L deltas, biases and digits', () => {
  const t = puny.explain('3年B組金八先生');
  assert.equal(t.direction, 'encode');
  assert.equal(t.output, '3B-ww4c5e180e575a65lsy2b');
  assert.equal(t.basic, '3B');
  assert.equal(t.delimiter, '-');
  assert.deepEqual(t.steps.map((s) => s.delta), [62042, 139, 16683, 34821, 14592, 42088]);
  // The digits of each delta spell the output after the delimiter.
  assert.equal(t.steps.map((s) => s.digits.map((d) => d.character).join('')).join(''),
               'ww4c5e180e575a65lsy2b');
  // Bias: 72 for the first delta, then each step's adapted bias.
  assert.equal(t.steps[0].bias, 72);
  for (let k = 1; k < t.steps.length; ++k) assert.equal(t.steps[k].bias, t.steps[k - 1].newBias);
  // The first delta as the seeds write it: (n - 128) * (handled + 1) + smaller before.
  const first = t.steps[0];
  assert.equal(first.codePoint, 0x5148);
  assert.equal(first.startsCodePoint, true);
  assert.equal((first.codePoint - first.previousN) * (first.handled + 1) + first.carried +
               first.smallerBefore, first.delta);
  // Each delta is the sum of its digits times their weights.
  for (const s of t.steps)
    assert.equal(s.digits.reduce((sum, d) => sum + d.value * d.weight, 0), s.delta);
});

test('explain decode replays the insertions', () => {
  const t = puny.explain('bcher-kva', { operation: 'decode' });
  assert.equal(t.output, 'bücher');
  assert.equal(t.steps.length, 1);
  assert.equal(t.steps[0].delta, 745);
  assert.equal(t.steps[0].textAfter, 'bücher');
  const bad = puny.explain('abc!', { operation: 'decode' });
  assert.equal(bad.output, null);
  assert.equal(bad.error.code, 'invalid_digit');
  assert.equal(bad.error.offset, 3);
  assert.equal(bad.error.uts46, 'P4');  // a Punycode error: P4, the core's rule (issue 45)
});

test('explain toAscii: mapping, labels, checks and the Punycode of each label', () => {
  const t = puny.explain('Faß.DE', { operation: 'toAscii' });
  assert.equal(t.output, 'xn--fa-hia.de');
  assert.deepEqual(t.mappings.map((m) => [m.offset, m.status, m.replacement]),
                   [[0, 'mapped', 'f'], [2, 'deviation', 'ß'], [4, 'mapped', 'd'], [5, 'mapped', 'e']]);
  // Nontransitional by default: the deviation ß is kept (UTS #46 section 4 step 1).
  assert.equal(t.labels.length, 2);
  assert.equal(t.labels[0].ascii, 'xn--fa-hia');
  assert.equal(t.labels[0].punycode.output, 'fa-hia');
  assert.equal(t.labels[1].punycode, null);
  const bad = puny.explain('a\u200d.example', { operation: 'toAscii' });
  assert.equal(bad.output, null);
  assert.equal(bad.labels[0].errors[0].uts46, 'C2');
  assert.throws(() => puny.explain('x', { operation: 'nope' }), TypeError);
});

// Issue 44: a Punycode trace covers at most 1024 code points (encode) or
// bytes (decode), the core's punycode::max_traced_length; beyond, the
// core's input_too_long at offset 1024 and no steps, as in the CLI and Python.
test('explain encode/decode: the documented trace limit and its error', () => {
  const atLimit = puny.explain('\u00fc'.repeat(1024));
  assert.equal(atLimit.error, null);
  assert.equal(atLimit.steps.length, 1024);
  for (const [text, operation] of [['\u00fc'.repeat(1025), 'encode'], ['a'.repeat(1025), 'decode']]) {
    const t = puny.explain(text, { operation });
    assert.equal(t.error.code, 'input_too_long', operation);
    assert.equal(t.error.offset, 1024, operation);
    assert.equal(t.steps.length, 0, operation);
    assert.equal(t.output, null, operation);
  }
  // Many labels: linear, and every label's offsets still right (the binding
  // converts them with one forward cursor).
  const many = puny.explain('\u00fc.'.repeat(3000) + 'A', { operation: 'toAscii' });
  assert.equal(many.labels.length, 3001);
  assert.equal(many.mappings.at(-1).offset, 6000);
  assert.equal(many.labels[2999].punycode.output, 'tda');
});
