// Drives the converter page (surfaces/js/web/) in Debian's headless chromium through the
// Chrome DevTools Protocol over --remote-debugging-pipe (no npm download, no
// WebSocket): loads it from file://, types the way a user does
// (Input.insertText), reads the outputs and the explain steps from the DOM,
// checks an invalid input's error, and saves screenshots.
//
//   node surfaces/js/browser/page-test.mjs WEB_DIR OUT_DIR
//
// Exit 0 when every check passes, 1 on a failed check or without chromium
// (a message says so).  The driver is cdp.mjs.
import { writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';

import { launchChromium } from './cdp.mjs';

const [webDir, outDir] = process.argv.slice(2);
if (!webDir || !outDir) {
  console.error('usage: page-test.mjs WEB_DIR OUT_DIR');
  process.exit(2);
}
const pageUrl = pathToFileURL(path.resolve(webDir, 'index.html')).href;
assert.ok(existsSync(path.resolve(webDir, 'index.html')), `${webDir}/index.html missing: run surfaces/js/build.sh`);

const browser = await launchChromium();
if (!browser) {
  console.error('not ok - no chromium found (scripts/install-deps.sh installs Debian\'s chromium); ' +
                'the converter page was not tested in a browser');
  process.exit(1);
}

let checks = 0;
function check(condition, what) {
  assert.ok(condition, what);
  ++checks;
  console.log(`ok ${checks} - ${what}`);
}

async function main() {
  // Everything the page does must stay on file:// (no CDN, no network).
  const requests = [];
  const page = await browser.open(pageUrl, {
    before: async (cdp) => {
      await cdp('Network.enable');
      await cdp('Emulation.setDeviceMetricsOverride', { width: 1200, height: 900, deviceScaleFactor: 1, mobile: false });
    },
  });
  page.on((m) => { if (m.method === 'Network.requestWillBeSent') requests.push(m.params.request.url); });
  const { cdp, evaluate, nextFrame, exceptions } = page;

  // Types into the textarea as a user would: select everything, insert text.
  async function type(text) {
    await evaluate("(() => { const t = document.getElementById('input'); t.focus(); t.select(); return true; })()");
    await cdp('Input.insertText', { text });
    await nextFrame();
  }
  async function chooseOperation(value) {
    await evaluate(`(() => { document.querySelector('input[name=operation][value=${value}]').click(); return true; })()`);
    await nextFrame();
  }
  async function screenshot(name) {
    const { data } = await cdp('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true });
    const file = path.join(outDir, name);
    writeFileSync(file, Buffer.from(data, 'base64'));
    console.log(`# screenshot: ${file}`);
  }
  const firstRow = `document.querySelector('#results tbody tr')`;

  check(await evaluate('typeof puny === "object" && puny.encode("bücher") === "bcher-kva"'),
        'the library loaded from file:// (WebAssembly compiled in the page)');

  // 1. Encode 3年B組金八先生 (RFC 3492 sample L).
  await chooseOperation('encode');
  await type('3年B組金八先生');
  check(await evaluate(`${firstRow}.querySelector('.output code.value').textContent`) === '3B-ww4c5e180e575a65lsy2b',
        'encode 3年B組金八先生 shows 3B-ww4c5e180e575a65lsy2b');
  const deltas = await evaluate("[...document.querySelectorAll('#explain-body .delta-card')].map((c) => Number(c.dataset.delta))");
  check(JSON.stringify(deltas) === JSON.stringify([62042, 139, 16683, 34821, 14592, 42088]),
        `explain shows the six deltas of sample L (${deltas.join(', ')})`);
  const digits = await evaluate("[...document.querySelectorAll('#explain-body .delta-card')].map((c) => [...c.querySelectorAll('.digit .char')].map((d) => d.textContent).join(''))");
  check(digits.join('') === 'ww4c5e180e575a65lsy2b', `the digit boxes spell the deltas (${digits.join(' ')})`);
  const chips = await evaluate("[...document.querySelectorAll('#explain-body .chip')].map((c) => c.classList.contains('basic') ? 'b' : 'n').join('')");
  check(chips === 'bnbnnnnn', `code points drawn, basic ones marked (${chips})`);
  const firstBias = await evaluate("document.querySelector('#explain-body .delta-card .bias-line b').textContent");
  check(firstBias === '72', 'the first delta is coded with the initial bias 72');
  const insertions = await evaluate("document.querySelectorAll('#explain-body table.insertions tbody tr').length");
  check(insertions === 6, 'the insertion table has one row per non-basic code point');
  await screenshot('page-encode.png');

  // 2. To ASCII of bücher.de, with the Punycode of its first label explained.
  await chooseOperation('toAscii');
  await type('bücher.de');
  check(await evaluate(`${firstRow}.querySelector('.output code.value').textContent`) === 'xn--bcher-kva.de',
        'to ASCII bücher.de shows xn--bcher-kva.de');
  const labelDeltas = await evaluate("[...document.querySelectorAll('#explain-body .label-card .delta-card')].map((c) => Number(c.dataset.delta))");
  check(JSON.stringify(labelDeltas) === '[745]', 'explain shows the label bücher encoded with the one delta 745');

  // 3. Several lines at once, and an invalid one pointing at its character.
  await type('bücher.de\na\u200d.example\n3年B組金八先生.jp');
  const outputs = await evaluate("[...document.querySelectorAll('#results tbody tr')].map((r) => r.className.split(' ')[0])");
  check(JSON.stringify(outputs) === '["ok","failed","ok"]', `one row per line, the bad one failed (${outputs})`);
  await evaluate("document.querySelectorAll('#results tbody tr')[1].click(), true");
  await nextFrame();
  const mark = await evaluate("(() => { const m = document.querySelectorAll('#results tbody tr')[1].querySelector('mark.bad'); return m && [m.dataset.offset, m.textContent]; })()");
  check(mark && mark[0] === '1' && mark[1] === 'U+200D', `the error marks the offending (invisible) U+200D at offset 1 (${mark})`);
  const message = await evaluate("document.querySelectorAll('#results tbody tr')[1].querySelector('.error-message').textContent");
  check(/contextj \(C2\) at offset 1, U\+200D/.test(message), `the error says what and where: "${message}"`);
  const explainError = await evaluate("document.querySelector('#explain-body .label-card.bad .error-message').textContent");
  check(/C2/.test(explainError), 'the explain panel shows the failed check in its label');
  await screenshot('page-error.png');

  // 4. Flags: turning CheckJoiners off accepts the same line.
  await evaluate("(() => { const b = document.querySelector('#flags input[name=checkJoiners]'); b.click(); return true; })()");
  await nextFrame();
  const second = await evaluate("document.querySelectorAll('#results tbody tr')[1].querySelector('.output code.value')?.textContent");
  check(second === 'xn--a-ugn.example', `with CheckJoiners off the line converts (${second})`);

  // 5. Decode and To Unicode.
  await chooseOperation('decode');
  await type('3B-ww4c5e180e575a65lsy2b');
  check(await evaluate(`${firstRow}.querySelector('.output code.value').textContent`) === '3年B組金八先生',
        'decode gives 3年B組金八先生 back');
  const textsAfter = await evaluate("[...document.querySelectorAll('#explain-body .delta-card code.growing')].map((c) => c.textContent)");
  check(textsAfter.length === 6 && textsAfter[5] === '3年B組金八先生',
        `decode explain replays six insertions ending in the whole string (${textsAfter.join(' ')})`);
  await screenshot('page-decode.png');
  await chooseOperation('toUnicode');
  await type('XN--BCHER-KVA.DE');
  check(await evaluate(`${firstRow}.querySelector('.output code.value').textContent`) === 'bücher.de',
        'to Unicode XN--BCHER-KVA.DE shows bücher.de');

  // 6. Display safety: the Cyrillic "apple" stays an A-label under chromium,
  //    its characters highlighted with what they imitate; bücher.de is shown.
  await chooseOperation('display');
  await type('\u0430\u0440\u0440\u04cf\u0435.com\nbücher.de');
  const shownAs = await evaluate("[...document.querySelectorAll('#results tbody tr')].map((r) => r.querySelector('.output code.value').textContent)");
  check(JSON.stringify(shownAs) === '["xn--80ak6aa92e.com","bücher.de"]',
        `display keeps the Cyrillic lookalike as xn-- and shows bücher.de (${shownAs})`);
  // Typing left the caret on line 2, which is explained (issue 51): line 1 by a click.
  await evaluate("document.querySelectorAll('#results tbody tr')[0].click(), true");
  await nextFrame();
  const chromiumRow = await evaluate("document.querySelector('#explain-body table.profiles tr[data-profile=chromium] code').textContent");
  const firefoxRow = await evaluate("document.querySelector('#explain-body table.profiles tr[data-profile=firefox-moderate] code').textContent");
  check(chromiumRow === 'xn--80ak6aa92e.com' && firefoxRow === '\u0430\u0440\u0440\u04cf\u0435.com',
        `every profile's answer side by side (chromium ${chromiumRow}, firefox-moderate ${firefoxRow})`);
  const flagged = await evaluate("(() => { const m = document.querySelector('#explain-body mark.confusable'); return m && [m.dataset.codePoint, m.dataset.imitates]; })()");
  check(flagged && flagged[0] === 'U+0430' && flagged[1] === 'U+0061',
        `the confusable character is highlighted with what it imitates (${flagged})`);
  const reason = await evaluate("document.querySelector('#explain-body .finding').dataset.reason");
  check(reason === 'whole_script_confusable', `the reason is named (${reason})`);
  const marked = await evaluate("[...document.querySelectorAll('#explain-body table.verdicts mark.confusable')].map((m) => m.dataset.codePoint + '>' + m.dataset.imitates).join(' ')");
  check(marked === 'U+0430>U+0061 U+0440>U+0070 U+0440>U+0070 U+04CF>U+006C U+0435>U+0065',
        `every confusable letter of the label is marked with what it imitates (${marked})`);
  const skeletonText = await evaluate("document.querySelector('#explain-body code.skeleton').textContent");
  check(skeletonText === 'apple.corn', `the skeleton is shown (${skeletonText})`);
  await screenshot('page-display.png');
  await evaluate("(() => { const s = document.getElementById('profile'); s.value = 'ascii-only'; s.dispatchEvent(new Event('change')); return true; })()");
  await nextFrame();
  const asciiOnly = await evaluate("document.querySelectorAll('#results tbody tr')[1].querySelector('.output code.value').textContent");
  check(asciiOnly === 'xn--bcher-kva.de', `the profile select changes the answer (ascii-only: ${asciiOnly})`);

  // 7. The state is in the address: a link opens that conversion, and every
  //    change (input, preset, flag) is written back to the fragment.
  const hashNow = await evaluate('location.hash');
  check(hashNow.startsWith('#display&profile=ascii-only&q='), `the fragment follows the page (${hashNow})`);
  const linked = `${pageUrl}#to-ascii&preset=url&q=${encodeURIComponent('bücher.de\nXN--A.com\na_b.com')}&line=3`;
  await page.navigate('about:blank');  // or the page's own load event below could be about:blank's
  await page.navigate(linked);
  await nextFrame();
  const linkedState = await evaluate("[document.querySelector('input[name=operation]:checked').value, document.getElementById('preset').value, document.getElementById('input').value]");
  check(JSON.stringify(linkedState) === JSON.stringify(['toAscii', 'url', 'bücher.de\nXN--A.com\na_b.com']),
        `a link opens its operation, preset and input (${linkedState})`);
  const linkedOutputs = await evaluate("[...document.querySelectorAll('#results tbody tr')].map((r) => r.querySelector('.output code.value')?.textContent)");
  check(JSON.stringify(linkedOutputs) === '["xn--bcher-kva.de","xn--a.com","a_b.com"]',
        `the linked conversion runs with the url preset (${linkedOutputs})`);
  const selected = await evaluate("document.querySelector('#results tbody tr.selected')?.dataset.line");
  check(selected === '2', `line=3 selects the third line (${selected})`);
  await evaluate("(() => { const b = document.querySelector('#flags input[name=useStd3AsciiRules]'); b.click(); return true; })()");
  await nextFrame();
  const withFlag = await evaluate('location.hash');
  check(withFlag.includes('&useStd3AsciiRules=1') && withFlag.startsWith('#to-ascii&preset=url'),
        `a flag that differs from the preset is written to the fragment (${withFlag})`);
  // A fragment-only navigation (a link within the page, the back button).
  await cdp('Page.navigate', { url: `${pageUrl}#to-unicode&preset=uts46&q=xn--bcher-kva.de` });
  await nextFrame();
  const hashed = await evaluate(`${firstRow}.querySelector('.output code.value')?.textContent`);
  check(hashed === 'bücher.de', `a new fragment is applied at once (${hashed})`);
  await type('xn--80ak6aa92e.com');
  const typed = await evaluate('location.hash');
  check(typed === '#to-unicode&preset=uts46&q=xn--80ak6aa92e.com', `typing updates the fragment (${typed})`);

  // 8. Issue 45: the page is never wider than the window.  A 300-character
  //    label used to widen every panel (3,670 px at 1,200) and push the
  //    Output column off-screen; a phone's page (390 px) was 442 px wide.
  const longLabel = 'b\u00fc' + 'cher'.repeat(74) + 'xy';
  // (The window's width, not innerWidth: a mobile viewport widens to the
  // page's content.)
  const fits = async (what, width) => {
    const [scroll, inner, outputRight] = await evaluate(
      "[document.documentElement.scrollWidth, innerWidth, Math.max(0, ...[...document.querySelectorAll('#results td.output')].map((td) => td.getBoundingClientRect().right))]");
    check(scroll <= width && inner === width && outputRight <= width,
          `${what}: the page fits the window (scrollWidth ${scroll}, innerWidth ${inner}, Output column ends at ${Math.round(outputRight)})`);
  };
  for (const [width, mobile] of [[1200, false], [390, true]]) {
    await cdp('Emulation.setDeviceMetricsOverride', { width, height: 900, deviceScaleFactor: 1, mobile });
    for (const op of ['encode', 'toAscii', 'decode', 'display']) {
      await chooseOperation(op);
      await type(op === 'decode' ? 'bcher-kva' + 'x'.repeat(300) : `${longLabel}\nb\u00fccher.de\n${longLabel}.de`);
      await fits(`${width} px, ${op} of a 300-character label`, width);
    }
    await chooseOperation('encode');
    await type('3年B組金八先生');
    await fits(`${width} px, the sample`, width);
  }
  await screenshot('page-phone.png');
  await cdp('Emulation.setDeviceMetricsOverride', { width: 1200, height: 900, deviceScaleFactor: 1, mobile: false });

  // 9. The mark covers the culprit: an error inside a decoded xn-- label
  //    (its offset is the label's start, its code point one of the decoded
  //    label's) marks the label, not its 'x'; a Bidi error (no code point)
  //    marks its label.
  const markOf = async (op, text) => {
    await chooseOperation(op);
    // Set as a value: typing drops U+0000.
    await evaluate(`(() => { const t = document.getElementById('input'); t.value = ${JSON.stringify(text)}; t.dispatchEvent(new Event('input')); return true; })()`);
    await nextFrame();
    return evaluate("[...document.querySelectorAll('#results tbody tr')[0].querySelectorAll('mark.bad')].map((m) => m.textContent)");
  };
  const aceBad = `xn--${await evaluate("puny.encode('a\\u2028b')")}`;
  const aceMarks = await markOf('toUnicode', `${aceBad}.de`);
  check(JSON.stringify(aceMarks) === JSON.stringify([aceBad]), `a V7 inside ${aceBad} marks the whole label (${aceMarks})`);
  const bidiMarks = await markOf('toAscii', 'a.\u05D0b1.com');
  check(JSON.stringify(bidiMarks) === JSON.stringify(['\u05D0b1']), `a Bidi error marks its label (${bidiMarks})`);
  // A Bidi error (B1) at the offset of a V6 (a combining mark starts the
  // label) used to be hidden behind the V6's one-character mark.
  const sharedMarks = await markOf('toAscii', 'x.\u0301\u05D0');
  check(JSON.stringify(sharedMarks) === JSON.stringify(['\u0301\u05D0']), `a Bidi error sharing its offset marks its label (${sharedMarks})`);
  const nulMarks = await markOf('decode', 'a\u0000c');
  check(JSON.stringify(nulMarks) === '["U+0000"]', `a U+0000 error (code point 0) marks that one character (${nulMarks})`);

  // 10. A lone surrogate in the input (the library reports invalid_utf16)
  //     is written to the fragment and read back, without a URIError.
  const before = exceptions.length;
  await chooseOperation('toAscii');
  await evaluate("(() => { const t = document.getElementById('input'); t.value = 'a\\uD800b.com\\n\\uDC00'; t.dispatchEvent(new Event('input')); return true; })()");
  await nextFrame();
  check(exceptions.length === before, `a lone surrogate raises no script error (${exceptions.slice(before).map((e) => e.exception?.description || e.text).join('; ')})`);
  const loneHash = await evaluate('location.hash');
  check(loneHash.includes('q=a%ED%A0%80b.com%0A%ED%B0%80'), `the fragment carries the lone surrogates (${loneHash})`);
  const loneCode = await evaluate("document.querySelector('#results tbody tr .error-message')?.textContent");
  check(/invalid_utf16/.test(loneCode), `the line reports invalid_utf16 (${loneCode})`);
  await cdp('Page.navigate', { url: `${pageUrl}#to-unicode&q=x%ED%B0%81y` });
  await nextFrame();
  const readBack = await evaluate("document.getElementById('input').value === 'x\\uDC01y'");
  check(readBack, 'a fragment with an encoded lone surrogate gives it back in the input');

  // 11. The decode explanation gives each step its own state: only the
  //     first delta is taken from n = 128 (RFC 3492 section 6.2).
  await chooseOperation('decode');
  await type('3B-ww4c5e180e575a65lsy2b');
  const states = await evaluate("[...document.querySelectorAll('#explain-body .delta-card .formula.state')].map((f) => f.textContent)");
  check(states.length === 6 && states[0] === 'i = 0 + 62042 = 62042; n = 128 + (62042 div 3) = 20808; i = 62042 mod 3 = 2' &&
        states[1] === 'i = 3 + 139 = 142; n = 20808 + (142 div 4) = 20843; i = 142 mod 4 = 2' &&
        states.slice(1).every((f) => !f.includes('n = 128 +')),
        `each decode step starts from the previous n and i (${states.slice(0, 2).join(' | ')})`);

  // 12. The Lookalike tab (issue 39): the prefilled brand list, names one a
  //     line, one row per match.  paypa1.com writes the l of paypal.com as
  //     the digit 1 (an ASCII homoglyph, docs/hunt.md); the Cyrillic
  //     "аррӏе.com" has apple.com's UTS #39 skeleton and is kept as an
  //     A-label by Chromium (step 6); example.com imitates nothing.
  await chooseOperation('lookalike');
  check(await evaluate("!document.getElementById('hunt-options').hidden && document.getElementById('results').hidden && /paypal\\.com/.test(document.getElementById('brands').value)"),
        'the Lookalike tab shows its prefilled brand list and its own table');
  await type('paypa1.com\nexample.com\n\u0430\u0440\u0440\u04cf\u0435.com');
  const huntRows = await evaluate("[...document.querySelectorAll('#hunt-results tbody tr')].map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))");
  const rowsOf = (line) => huntRows.filter((r) => r[0] === String(line));
  check(rowsOf(1).some((r) => r[2] === 'paypal.com' && r[3] === 'homoglyph' && r[6] === 'paypa1.com'),
        `paypa1.com: paypal.com by the homoglyph rule, shown as paypa1.com (${JSON.stringify(rowsOf(1))})`);
  const where = await evaluate("document.querySelector('#hunt-results tbody tr td.where mark')?.textContent");
  check(where === 'paypa1', `where: the label that imitates is marked (${where})`);
  check(rowsOf(2).length === 0, 'example.com: no row');
  check(rowsOf(3).some((r) => r[2] === 'apple.com' && r[3] === 'skeleton' && r[6].startsWith('xn--80ak6aa92e.com')),
        `the Cyrillic apple: apple.com by its skeleton, kept as xn--80ak6aa92e.com (${JSON.stringify(rowsOf(3))})`);
  // The table is the library's answer (puny.huntIndex in the page), row for row.
  const fromApi = await evaluate(`(() => { const ix = puny.huntIndex(document.getElementById('brands').value);
    const out = []; document.getElementById('input').value.split('\\n').forEach((n, i) => {
      for (const m of ix.matches(n).matches) out.push([String(i + 1), m.brand, m.rule, String(m.score)]); });
    ix.free(); return out; })()`);
  check(JSON.stringify(fromApi) === JSON.stringify(huntRows.map((r) => [r[0], r[2], r[3], r[5]])),
        `every row is one of huntIndex's matches (${fromApi.length} rows)`);
  const summaryText = await evaluate("document.getElementById('summary').textContent");
  check(/^3 names checked against 5 brands, 2 imitate one/.test(summaryText), `the summary counts names and brands (${summaryText})`);
  await screenshot('page-lookalike.png');
  // Editing the brand list rebuilds the index: without apple.com its row goes.
  await evaluate("(() => { const b = document.getElementById('brands'); b.value = b.value.replace('apple.com', ''); b.dispatchEvent(new Event('input')); return true; })()");
  await nextFrame();
  const withoutApple = await evaluate("[...document.querySelectorAll('#hunt-results tbody tr')].map((r) => r.querySelector('td.brand')?.textContent)");
  check(withoutApple.length > 0 && !withoutApple.includes('apple.com'), `the brand list's edit applies (${withoutApple})`);
  // A malformed brand list: its error, with the line, instead of a table.
  await evaluate("(() => { const b = document.getElementById('brands'); b.value = 'paypal.com\\npaypal.org bogus=1'; b.dispatchEvent(new Event('input')); return true; })()");
  await nextFrame();
  const listError = await evaluate("document.getElementById('summary').textContent");
  const emptied = await evaluate("document.querySelectorAll('#hunt-results tbody tr').length");
  check(/brands:2: /.test(listError) && emptied === 0, `a malformed brand list says which line (${listError})`);
  // Bounded work (issue 44): 5,000 names are cut to the first 2,000, with a note.
  await evaluate("(() => { const b = document.getElementById('brands'); b.value = 'paypal.com'; b.dispatchEvent(new Event('input')); return true; })()");
  await evaluate("(() => { const t = document.getElementById('input'); t.value = Array.from({ length: 5000 }, (_, i) => i % 2 ? 'paypa1.com' : 'x' + i + '.org').join('\\n'); t.dispatchEvent(new Event('input')); return true; })()");
  await nextFrame();
  const cutNote = await evaluate("document.querySelector('#summary .hunt-cut')?.textContent");
  // (The rows are drawn as they come into view since issue 51: the count
  // is the summary's.)
  const cutCount = await evaluate("document.getElementById('summary').firstChild?.textContent");
  check(/5,000 lines; the first 2000 are checked/.test(cutNote || '') && /^2000 names checked/.test(cutCount || ''),
        `long input is cut with a visible note (${cutNote}; ${cutCount})`);
  // A line longer than any domain name is skipped, and said so.
  await evaluate("(() => { const t = document.getElementById('input'); t.value = 'paypa1.' + 'a'.repeat(5000) + '.com\\npaypa1.com'; t.dispatchEvent(new Event('input')); return true; })()");
  await nextFrame();
  const skipNote = await evaluate("[...document.querySelectorAll('#summary .hunt-cut')].map((n) => n.textContent).join(' ')");
  check(/1 line is longer than 1024 characters/.test(skipNote), `an overlong line is skipped with a note (${skipNote})`);
  await cdp('Emulation.setDeviceMetricsOverride', { width: 390, height: 900, deviceScaleFactor: 1, mobile: true });
  await evaluate("(() => { const b = document.getElementById('brands'); b.value = 'paypal.com\\nmicrosoft.com'; b.dispatchEvent(new Event('input')); return true; })()");
  await type('paypa1.com\nlogin.microsoft.com.' + 'verylonglabel'.repeat(4) + '.example\nrnicrosoft.com');
  const [phoneScroll, phoneRows] = await evaluate("[document.documentElement.scrollWidth, document.querySelectorAll('#hunt-results tbody tr').length]");
  check(phoneScroll <= 390 && phoneRows >= 3, `390 px: the lookalike table fits the window (scrollWidth ${phoneScroll}, ${phoneRows} rows)`);
  await screenshot('page-lookalike-phone.png');
  await cdp('Emulation.setDeviceMetricsOverride', { width: 1200, height: 900, deviceScaleFactor: 1, mobile: false });
  const huntHash = await evaluate('location.hash');
  check(huntHash.startsWith('#lookalike&q='), `the fragment names the tab (${huntHash})`);

  check(exceptions.length === 0, `no script errors (${exceptions.map((e) => e.exception?.description || e.text).join('; ')})`);
  const remote = requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'));
  check(remote.length === 0, `nothing fetched from the network (${remote.join(', ') || `${requests.length} local requests`})`);
}

let status = 0;
try {
  await main();
  console.log(`# ${checks} checks passed`);
} catch (e) {
  console.error(`not ok - ${e.message}`);
  const err = browser.stderr();
  if (err) console.error(`# chromium stderr:\n${err.slice(-2000)}`);
  status = 1;
} finally {
  await browser.close();
}
process.exit(status);
