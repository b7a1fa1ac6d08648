// The page by keyboard alone (issue 51), in headless chromium with real key
// events (Input.dispatchKeyEvent):
//   - moving the caret in the input selects the line it is on, and the
//     explain panel follows (before, only the first line could be explained
//     without a mouse);
//   - Tab reaches the results table (one tab stop: the selected row), and the
//     arrow, Page Down, Home and End keys move the selection there, drawing
//     rows not drawn yet;
//   - every control Tab reaches shows its focus (an outline), a radio's on
//     its label;
//   - axe-core (npm, pinned: install-axe.sh) finds 0 violations in every tab,
//     at 1,200 and 390 px.
//
//   node surfaces/js/browser/page-keyboard-test.mjs WEB_DIR
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { runPageTest } from './page-harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

function axeSource() {
  let file;
  try {
    file = execFileSync(path.join(here, 'install-axe.sh'), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  } catch (e) {
    throw new Error(`axe-core could not be installed (install-axe.sh: ${e.message}); the page was not checked`);
  }
  return readFileSync(file, 'utf8');
}

await runPageTest('keyboard', async (t) => {
  const { check, evaluate, press } = t;
  const selectedRow = () => evaluate("document.querySelector('#results tbody tr.selected')?.dataset.line ?? null");
  const subject = () => evaluate("document.getElementById('explain-subject').textContent");

  // 1. The caret selects the line.
  await t.choose('toAscii');
  await t.type('bücher.de\na\u200d.example\n3年B組金八先生.jp');
  check(await selectedRow() === '2' && /3年B組金八先生\.jp/.test(await subject()),
        `typing leaves the caret on line 3, which is explained (${await subject()})`);
  await press('ArrowUp');
  check(await selectedRow() === '1', `ArrowUp in the input selects line 2 (${await selectedRow()})`);
  const explained = await evaluate("document.querySelector('#explain-body .label-card.bad .error-message')?.textContent ?? ''");
  check(/C2/.test(explained), `the explain panel shows line 2's failed check (${explained})`);
  check((await evaluate('location.hash')).endsWith('&line=2'), 'the fragment names the selected line');
  await press('ArrowUp');
  check(await selectedRow() === '0' && /bücher\.de/.test(await subject()), `ArrowUp again selects line 1 (${await subject()})`);
  await press('End', 1, 8 /* Shift: a selection, its start stays on line 1 */);
  check(await selectedRow() === '0', 'a selection counts from its start');

  // 2. Tab into the table; the keys move the selection.
  await press('ArrowDown', 2);
  check(await selectedRow() === '2', 'ArrowDown twice in the input selects line 3');
  await press('Tab');
  check(await t.focused() === 'tr[data-line=2]', `Tab from the input lands on the selected row (${await t.focused()})`);
  check(await evaluate("document.activeElement.matches(':focus-visible') && getComputedStyle(document.activeElement).outlineStyle !== 'none'"),
        'the focused row shows its focus');
  await press('ArrowUp');
  check(await t.focused() === 'tr[data-line=1]' && await selectedRow() === '1', 'ArrowUp moves focus and selection to line 2');
  check(/a\u200d\.example/.test(await subject()), 'and line 2 is explained');
  await press('Home');
  check(await t.focused() === 'tr[data-line=0]' && await selectedRow() === '0', 'Home goes to line 1');
  const tabStops = await evaluate("[...document.querySelectorAll('#results tbody tr')].filter((r) => r.tabIndex === 0).length");
  check(tabStops === 1, `the table is one tab stop (${tabStops} rows with tabindex 0)`);
  // A long list: rows past the drawn ones are drawn when the keys reach them.
  await t.setValue('input', Array.from({ length: 500 }, (_, i) => `name${i + 1}.example`).join('\n'));
  await evaluate("document.querySelector('#results tbody tr[data-line=\"0\"]').focus(), true");
  const drawnBefore = await evaluate("document.querySelectorAll('#results tbody tr[data-line]').length");
  await press('End');
  check(await t.focused() === 'tr[data-line=499]' && /name500\.example/.test(await subject()),
        `End reaches line 500 (${drawnBefore} rows were drawn before)`);
  const drawnAfter = await evaluate("document.querySelectorAll('#results tbody tr[data-line]').length");
  check(drawnAfter < 150, `End drew a window of rows there, not all 500 (${drawnAfter} drawn)`);
  await press('PageDown');
  check(await t.focused() === 'tr[data-line=499]', 'Page Down at the end stays there');
  await press('ArrowUp', 30);
  check(await t.focused() === 'tr[data-line=469]' && /name470\.example/.test(await subject()),
        'ArrowUp 30 times from there reaches line 470 (the window grows upward)');
  const order = await evaluate("[...document.querySelectorAll('#results tbody tr[data-line]')].map((r) => Number(r.dataset.line)).every((n, i, a) => i === 0 || n > a[i - 1])");
  check(order, 'the drawn rows are in line order');
  await press('Home');
  await press('PageDown');
  check(await t.focused() === 'tr[data-line=10]' && await selectedRow() === '10', 'Page Down moves ten rows');

  // 3. Every control Tab reaches shows its focus.  The radios are hidden
  //    behind their labels: the label's span shows it.
  //    (The page opened afresh, so that Tab starts from its top.)
  await t.page.navigate('about:blank');
  await t.page.navigate(`${t.pageUrl}#to-ascii&q=${encodeURIComponent('bücher.de\nbücher.com')}`);
  const seen = [];
  const unmarked = [];
  for (let i = 0; i < 40; ++i) {
    await press('Tab');
    const info = await evaluate(`(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      const shown = e.type === 'radio' ? e.nextElementSibling : e;
      const s = getComputedStyle(shown);
      const visible = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
      return [e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.name ? '[' + e.name + ']' : '') +
              (e.dataset.line !== undefined ? '[line ' + e.dataset.line + ']' : ''), visible];
    })()`);
    if (info === null) break;
    seen.push(info[0]);
    if (!info[1]) unmarked.push(info[0]);
  }
  console.log(`# Tab order: ${seen.join(", ")}`);
  // (Tab into the input put the caret at its end: line 2 is selected.)
  for (const want of ['input[operation]', 'select#preset', 'input[checkHyphens]', 'textarea#input', 'tr[line 1]', 'summary'])
    check(seen.includes(want), `Tab reaches ${want}`);
  check(unmarked.length === 0, `each of the ${seen.length} stops shows its focus (${unmarked.join(', ') || 'all do'})`);
  // The operation by keyboard: the radio group's arrow keys.
  await evaluate("document.querySelector('input[name=operation]:checked').focus(), true");
  await press('ArrowRight');
  check(await evaluate("document.querySelector('input[name=operation]:checked').value") === 'toUnicode',
        'ArrowRight in the operations chooses the next one');
  // A disclosure by keyboard: a line's errors beyond the first few.
  await t.choose('toAscii');
  await t.type(Array.from({ length: 30 }, (_, i) => `a${i}\u200d`).join('.'));
  await evaluate("document.querySelector('#results details.more-errors > summary').focus(), true");
  await press('Enter');
  const more = await evaluate("[document.querySelector('#results details.more-errors').open, document.querySelectorAll('#results details.more-errors > div').length]");
  check(more[0] === true && more[1] === 22, `Enter opens the rest of a line's 30 errors (${more[1]} drawn)`);

  // 4. axe-core: 0 violations in every tab, at both widths.
  await evaluate(axeSource() + '\n;true');
  check(await evaluate('typeof axe === "object" && axe.version') === '4.14.1', 'axe-core 4.14.1 is loaded');
  const inputs = {
    encode: '3年B組金八先生\nbücher',
    decode: '3B-ww4c5e180e575a65lsy2b\nbcher-kva\nxn--!',
    toAscii: 'bücher.de\na\u200d.example\n3年B組金八先生.jp',
    toUnicode: 'xn--bcher-kva.de\nxn--a.com',
    display: 'xn--80ak6aa92e.com\nbücher.de',
    lookalike: 'paypa1.com\nexample.com\n\u0430\u0440\u0440\u04cf\u0435.com',
  };
  for (const width of [1200, 390]) {
    await t.width(width);
    for (const [op, text] of Object.entries(inputs)) {
      await t.choose(op);
      await t.type(text);
      await evaluate("document.activeElement.blur(), true");
      const violations = await evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) =>
        r.violations.map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')))`);
      check(violations.length === 0, `axe at ${width} px, ${op}: ${violations.length} violations${violations.length ? ': ' + violations.join('; ') : ''}`);
    }
  }
  await t.width(1200);
});
