// What the page's topic tests (page-keyboard-test.mjs, page-speed-test.mjs,
// page-layout-test.mjs) share: chromium through cdp.mjs, the page opened from
// file:// at a given width, numbered checks, and the user's actions (type,
// choose a tab, set a field, press a key, take a screenshot).
//
//   await runPageTest('keyboard', async (t) => { ... t.check(cond, what) ... });
//
// Exit 0 when every check passes; 1 on a failed check, a script error on the
// page, or without chromium (each said on standard error).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { launchChromium } from './cdp.mjs';

// Keys as Input.dispatchKeyEvent wants them.
const keys = {
  Tab: { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 },
  Enter: { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' },
  ' ': { key: ' ', code: 'Space', windowsVirtualKeyCode: 32, text: ' ' },
  ArrowDown: { key: 'ArrowDown', code: 'ArrowDown', windowsVirtualKeyCode: 40 },
  ArrowUp: { key: 'ArrowUp', code: 'ArrowUp', windowsVirtualKeyCode: 38 },
  ArrowRight: { key: 'ArrowRight', code: 'ArrowRight', windowsVirtualKeyCode: 39 },
  ArrowLeft: { key: 'ArrowLeft', code: 'ArrowLeft', windowsVirtualKeyCode: 37 },
  Home: { key: 'Home', code: 'Home', windowsVirtualKeyCode: 36 },
  End: { key: 'End', code: 'End', windowsVirtualKeyCode: 35 },
  PageDown: { key: 'PageDown', code: 'PageDown', windowsVirtualKeyCode: 34 },
};

export async function runPageTest(name, body) {
  const [webDir, outDir] = process.argv.slice(2);
  if (!webDir) {
    console.error(`usage: page-${name}-test.mjs WEB_DIR [OUT_DIR]`);
    process.exit(2);
  }
  const index = path.resolve(webDir, 'index.html');
  if (!existsSync(index)) {
    console.error(`not ok - ${index} missing: run surfaces/js/build.sh`);
    process.exit(1);
  }
  const pageUrl = pathToFileURL(index).href;
  const browser = await launchChromium();
  if (!browser) {
    console.error(`not ok - no chromium found (scripts/install-deps.sh installs Debian's chromium); ` +
                  `the page's ${name} test did not run`);
    process.exit(1);
  }

  let checks = 0;
  let failed = 0;
  let status = 0;
  const keepGoing = process.env.PUNY_PAGE_KEEP_GOING === '1';
  try {
    const page = await browser.open(pageUrl, {
      before: (cdp) => cdp('Emulation.setDeviceMetricsOverride', { width: 1200, height: 900, deviceScaleFactor: 1, mobile: false }),
    });
    const { cdp, evaluate, nextFrame } = page;
    const t = {
      page, cdp, evaluate, nextFrame, pageUrl,
      // PUNY_PAGE_KEEP_GOING=1: a failed check is reported and the test
      // goes on (exit 1 at the end), to see every failure of an old page.
      check(condition, what) {
        ++checks;
        if (!condition && keepGoing) {
          ++failed;
          console.log(`not ok ${checks} - ${what}`);
          return;
        }
        assert.ok(condition, what);
        console.log(`ok ${checks} - ${what}`);
      },
      async width(px) {
        await cdp('Emulation.setDeviceMetricsOverride', { width: px, height: 900, deviceScaleFactor: 1, mobile: px < 600 });
        await nextFrame();
      },
      async choose(op) {
        await evaluate(`(() => { document.querySelector('input[name=operation][value=${op}]').click(); return true; })()`);
        await nextFrame();
      },
      // Sets a field's text as a paste would (one input event).
      async setValue(id, text) {
        await evaluate(`(() => { const t = document.getElementById(${JSON.stringify(id)});
          t.value = ${JSON.stringify(text)}; t.dispatchEvent(new Event('input')); return true; })()`);
        await nextFrame();
      },
      // Types into the input as a user does: focus, select all, insert.
      async type(text) {
        await evaluate("(() => { const t = document.getElementById('input'); t.focus(); t.select(); return true; })()");
        await cdp('Input.insertText', { text });
        await nextFrame();
      },
      async press(key, times = 1, modifiers = 0) {
        const k = keys[key];
        if (!k) throw new Error(`press: no key ${key}`);
        for (let i = 0; i < times; ++i) {
          await cdp('Input.dispatchKeyEvent', { type: k.text ? 'keyDown' : 'rawKeyDown', modifiers, ...k });
          await cdp('Input.dispatchKeyEvent', { type: 'keyUp', modifiers, ...k });
        }
        await nextFrame();
      },
      // What has the focus: "tag#id.class[data-line=N]".
      focused: () => evaluate(`(() => { const e = document.activeElement; if (!e) return null;
        return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.name ? '[name=' + e.name + ']' : '') +
          (e.value && e.type === 'radio' ? '[value=' + e.value + ']' : '') +
          (e.dataset.line !== undefined ? '[data-line=' + e.dataset.line + ']' : ''); })()`),
      async screenshot(file) {
        if (!outDir) return;
        mkdirSync(outDir, { recursive: true });
        const { data } = await cdp('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true });
        writeFileSync(path.join(outDir, file), Buffer.from(data, 'base64'));
        console.log(`# screenshot: ${path.join(outDir, file)}`);
      },
    };
    t.check(await evaluate('typeof puny === "object"'), 'the page loaded its library');
    await body(t);
    t.check(page.exceptions.length === 0,
            `no script error (${page.exceptions.map((e) => e.exception?.description || e.text).join('; ') || 'none'})`);
    if (failed > 0) throw new Error(`${failed} of ${checks} checks failed`);
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
}
