// The converter page shows hostile names as text in every tab (issue 50).
// Markup and script payloads go into each tab's input (and the Lookalike
// tab's brand list, and the address's fragment), plain and as Punycode that
// decodes to markup; every row is selected so that the explain panel draws
// it too.  After each, in headless chromium (cdp.mjs):
//   - no payload ran: the global flag each payload would set is unset, and no
//     script error was raised;
//   - no element of a kind the payloads carry (img, script, svg, iframe, a,
//     ...) was created: counted by tag before and after, and none carries
//     the payloads' data-hostile attribute;
//   - no element has an inline handler (an on* attribute) or a javascript:
//     URL in href, src, action or formaction;
//   - the payload is on the page as text (so the check is not vacuous).
//
//   node surfaces/js/browser/hostile-names-test.mjs WEB_DIR
//
// Exit 0 when every check passes, 1 otherwise; without chromium it fails
// (exit 1) with a message saying so.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { launchChromium } from './cdp.mjs';

const [webDir] = process.argv.slice(2);
if (!webDir) {
  console.error('usage: hostile-names-test.mjs WEB_DIR');
  process.exit(2);
}
const index = path.resolve(webDir, 'index.html');
if (!existsSync(index)) {
  console.error(`not ok - ${index} missing: run surfaces/js/build.sh`);
  process.exit(1);
}
const pageUrl = pathToFileURL(index).href;

// Each payload sets window.__pwned when it runs.
const set = 'window.__pwned=(window.__pwned||0)+1';
// Each element a payload would make carries data-hostile.
const payloads = [
  `<img data-hostile src=x onerror="${set}">`,
  `<script data-hostile>${set}</script>`,
  `"><svg data-hostile onload="${set}">`,
  `'><iframe data-hostile srcdoc="<script>parent.__pwned=1</script>"></iframe>`,
  `javascript:${set}`,
  `<a data-hostile href="javascript:${set}">x</a>`,
  `<b data-hostile onmouseover="${set}">b\u00fccher</b>.de`,
  // Without spaces, so that a message quoting a list line's first field
  // (the brand list's errors) quotes all of it.
  `<svg/data-hostile/onload=${set}>.com`,
];
const spaceless = payloads[payloads.length - 1];
// Tags the page itself never makes from a name (it makes b, code, mark, ...
// of its own, so those are found by data-hostile instead).
const watched = ['img', 'script', 'svg', 'iframe', 'a', 'object', 'embed', 'math', 'style', 'link',
  'meta', 'base', 'form', 'video', 'audio', 'frame', 'template'];

let checks = 0;
function check(condition, what) {
  assert.ok(condition, what);
  ++checks;
  console.log(`ok ${checks} - ${what}`);
}

const browser = await launchChromium();
if (!browser) {
  console.error('not ok - no chromium found (scripts/install-deps.sh installs Debian\'s chromium); ' +
                'the page was not tested for hostile names');
  process.exit(1);
}

let status = 0;
try {
  const page = await browser.open(pageUrl);
  const { evaluate, nextFrame } = page;
  check(await evaluate('typeof puny === "object"'), 'the page loaded its library');
  const tagCounts = () => evaluate(`(${JSON.stringify(watched)}).map((t) => document.getElementsByTagName(t).length)`);
  const baseline = await tagCounts();
  const settle = async () => {
    await nextFrame();
    await evaluate('new Promise((r) => setTimeout(() => r(true), 150))');  // an image's error event
    await nextFrame();
  };

  // Every check of one state of the page; `shown` must be on the page as text.
  async function holds(where, shown) {
    await settle();
    check(await evaluate('window.__pwned === undefined'), `${where}: no payload ran`);
    const counts = await tagCounts();
    const grown = watched.flatMap((t, i) => (counts[i] === baseline[i] ? [] : [`${t} ${baseline[i]} -> ${counts[i]}`]));
    const marked = await evaluate("document.querySelectorAll('[data-hostile]').length");
    check(grown.length === 0 && marked === 0,
          `${where}: no element created from the text (${grown.join(', ') || 'tag counts unchanged'}; ${marked} with data-hostile)`);
    const handlers = await evaluate(`[...document.querySelectorAll('*')].flatMap((e) => [...e.attributes]
      .filter((a) => /^on/i.test(a.name) || (/^(href|src|action|formaction|xlink:href)$/i.test(a.name) && /^\\s*javascript:/i.test(a.value)))
      .map((a) => e.tagName + ' ' + a.name))`);
    check(handlers.length === 0, `${where}: no inline handler or javascript: URL (${handlers.join(', ') || 'none'})`);
    if (shown) {
      const text = await evaluate("document.querySelector('main')?.textContent ?? document.body.textContent");
      check(text.includes(shown), `${where}: the markup is shown as text (${JSON.stringify(shown.slice(0, 40))})`);
    }
    check(page.exceptions.length === 0, `${where}: no script error (${page.exceptions.map((e) => e.exception?.description || e.text).join('; ')})`);
  }

  const setValue = (id, text) => evaluate(`(() => { const t = document.getElementById(${JSON.stringify(id)});
    t.value = ${JSON.stringify(text)}; t.dispatchEvent(new Event('input')); return true; })()`);
  const choose = (op) => evaluate(`(() => { document.querySelector('input[name=operation][value=${op}]').click(); return true; })()`);
  // Each row selected in turn, so that the explain panel draws each line.
  async function selectEveryRow(where) {
    const rows = await evaluate("document.querySelectorAll('#results tbody tr').length");
    for (let i = 0; i < rows; ++i) {
      await evaluate(`document.querySelectorAll('#results tbody tr')[${i}].click(), true`);
      await holds(`${where}, line ${i + 1} explained`);
    }
  }

  // Punycode whose decoding is markup: the basic code points of a label are
  // copied as they are, so encode(markup + 'ü') decodes to that markup.
  const markupLabel = `<img data-hostile src=x onerror="${set}">\u00fc`;
  const encoded = await evaluate(`puny.encode(${JSON.stringify(markupLabel)})`);
  check(encoded.startsWith('<img data-hostile src=x onerror='), `the engine keeps markup as basic code points (${encoded})`);

  for (const op of ['encode', 'toAscii', 'toUnicode', 'display']) {
    await choose(op);
    const lines = [...payloads, `xn--${encoded}.com`];
    await setValue('input', lines.join('\n'));
    await holds(`${op} of ${lines.length} payload lines`, payloads[0]);
    await selectEveryRow(op);
  }

  await choose('decode');
  await setValue('input', [encoded, ...payloads].join('\n'));
  await holds('decode of Punycode that decodes to markup', payloads[0]);
  const decoded = await evaluate("document.querySelector('#results tbody tr .output code.value')?.textContent");
  check(decoded === markupLabel, `decode shows the decoded markup as text (${JSON.stringify(decoded)})`);
  await selectEveryRow('decode');

  await choose('lookalike');
  await setValue('brands', `paypal.com\n${spaceless}`);
  await setValue('input', [...payloads, `${payloads[0]}.paypa1.com`, 'paypa1.com'].join('\n'));
  await holds('lookalike with markup in the brand list (its error message)', spaceless);
  await setValue('brands', 'paypal.com\nb\u00fccher.de');
  await setValue('input', [...payloads, `paypa1.com.${payloads[2]}`, `xn--${encoded}.paypa1.com`].join('\n'));
  await holds('lookalike with markup in the names', payloads[0]);

  // The address: a link whose fragment carries the payload.
  await page.cdp('Page.navigate', { url: `${pageUrl}#to-unicode&q=${encodeURIComponent(payloads.join('\n'))}` });
  await holds('a fragment holding the payloads', payloads[0]);

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
