// The page's layout (issue 51), measured with getBoundingClientRect and
// getClientRects in headless chromium, with screenshots to look at:
//   - at 1,200 px, line numbers of 10 and more stay on one line (before,
//     "10" broke into "1" and "0"), up to 10,000;
//   - at 390 px (a phone), the Lookalike table reads: each match a card
//     whose values (name, brand, rule, score) stay on one line and get most
//     of the width (before, seven columns broke every value after 2-3
//     characters), and the page is no wider than the window.
//
//   node surfaces/js/browser/page-layout-test.mjs WEB_DIR OUT_DIR
import { runPageTest } from './page-harness.mjs';

await runPageTest('layout', async (t) => {
  const { check, evaluate, press } = t;

  // How many lines a cell's text takes: the client rects of its text.
  const linesOf = (selector) => evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return [cell.textContent, tops.size, Math.round(cell.getBoundingClientRect().width)];
  })`);

  // 1. Line numbers at 1,200 px.
  await t.width(1200);
  await t.choose('toAscii');
  for (const count of [12, 120, 1200, 10000]) {
    await t.setValue('input', Array.from({ length: count }, (_, i) => `b\u00fccher${i + 1}.de`).join('\n'));
    // The last row, drawn by the keyboard's End.
    await evaluate("document.querySelector('#results tbody tr[data-line=\"0\"]').focus(), true");
    await press('End');
    const nums = await linesOf('#results tbody td.num');
    const wrapped = nums.filter(([, lines]) => lines !== 1);
    const last = nums[nums.length - 1];
    check(last && last[0] === String(count) && wrapped.length === 0,
          `${count} lines at 1200 px: every line number on one line (last ${last?.[0]}, ${nums.length} drawn; ` +
          `wrapped: ${wrapped.slice(0, 5).map(([n, l]) => `${n} in ${l} lines`).join(', ') || 'none'})`);
    if (count === 12) {
      await evaluate('window.scrollTo(0, 0), true');
      await t.screenshot('page-line-numbers.png');
    }
  }
  const [scroll] = await evaluate('[document.documentElement.scrollWidth]');
  check(scroll <= 1200, `the page fits 1200 px (${scroll})`);

  // 2. The Lookalike table on a phone.
  await t.width(390);
  await t.choose('lookalike');
  await t.setValue('brands', 'paypal.com\nmicrosoft.com\napple.com');
  await t.type('paypa1.com\nlogin.microsoft.com.' + 'verylonglabel'.repeat(4) + '.example\nrnicrosoft.com\n\u0430\u0440\u0440\u04cf\u0435.com');
  const rows = await evaluate("document.querySelectorAll('#hunt-results tbody tr.match').length");
  check(rows >= 4, `390 px: ${rows} matches`);
  for (const [cls, what] of [['brand', 'brand'], ['rule', 'rule'], ['score', 'score'], ['num:not(.score)', 'line']]) {
    const cells = await linesOf(`#hunt-results tbody tr.match td.${cls} ${cls === 'brand' ? 'code' : ''}`.trim());
    const broken = cells.filter(([, lines]) => lines !== 1);
    check(cells.length >= 4 && broken.length === 0,
          `390 px: each ${what} on one line (${cells.map(([text, lines]) => `${text}: ${lines}`).join(', ')})`);
  }
  const names = await linesOf('#hunt-results tbody tr.match td.input code');
  const short = names.filter(([text]) => text.length <= 16);
  check(short.length >= 3 && short.every(([, lines]) => lines === 1),
        `390 px: a short name stays on one line (${short.map(([text, lines]) => `${text}: ${lines}`).join(', ')})`);
  // Each value gets most of the card's width: the code of a name, a brand.
  const widths = await evaluate(`[...document.querySelectorAll('#hunt-results tbody tr.match')].map((tr) =>
    [Math.round(tr.getBoundingClientRect().width), Math.round(tr.querySelector('td.shown code').getBoundingClientRect().right - tr.querySelector('td.shown code').getBoundingClientRect().left),
     Math.round(tr.querySelector('td.shown').getBoundingClientRect().width)])`);
  check(widths.every(([row, , cell]) => cell >= row * 0.9 && row >= 280),
        `390 px: each card spans the panel and each value line the card (row, value, cell widths: ${JSON.stringify(widths)})`);
  const rules = await linesOf('#explain-body table.hunt-rules td:first-child code');
  const brokenRules = rules.filter(([, lines]) => lines !== 1);
  check(rules.length >= 10 && brokenRules.length === 0,
        `390 px: each of the ${rules.length} rule names in the explain panel on one line (broken: ${brokenRules.map(([n, l]) => `${n} in ${l}`).join(', ') || 'none'})`);
  const [phoneScroll] = await evaluate('[document.documentElement.scrollWidth]');
  check(phoneScroll <= 390, `390 px: the page fits the window (${phoneScroll})`);
  await t.screenshot('page-lookalike-phone-cards.png');
  await t.width(1200);
  const wide = await evaluate("getComputedStyle(document.querySelector('#hunt-results tbody tr.match')).display");
  check(wide === 'table-row', `1200 px: the Lookalike table is a table again (${wide})`);
  await t.screenshot('page-lookalike-wide.png');
});
