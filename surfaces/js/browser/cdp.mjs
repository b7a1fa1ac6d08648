// Debian's headless chromium driven through the Chrome DevTools Protocol over
// --remote-debugging-pipe (no npm download, no WebSocket): JSON messages
// separated by NUL bytes on file descriptors 3 and 4.  The one driver of the
// page's browser tests (page-test.mjs, hostile-names-test.mjs and the
// page-*-test.mjs of issue 51, through page-harness.mjs).
//
//   const browser = await launchChromium();       // null: no chromium installed
//   const page = await browser.open(url);          // { cdp, evaluate, nextFrame, navigate, on, exceptions }
//   await browser.close();
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function findChromium() {
  for (const name of [process.env.CHROMIUM, 'chromium', 'chromium-browser', 'google-chrome']) {
    if (!name) continue;
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    } catch { /* next */ }
  }
  return null;
}

export async function launchChromium() {
  const chromium = findChromium();
  if (!chromium) return null;
  const profile = mkdtempSync(path.join(tmpdir(), 'puny-chromium-'));
  const child = spawn(chromium, [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-extensions', '--remote-debugging-pipe', `--user-data-dir=${profile}`,
    '--window-size=1200,900', 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });

  let nextId = 1;
  const pending = new Map();
  const listeners = [];
  let buffer = Buffer.alloc(0);
  child.stdio[4].on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    let end;
    while ((end = buffer.indexOf(0)) >= 0) {
      const message = JSON.parse(buffer.subarray(0, end).toString('utf8'));
      buffer = buffer.subarray(end + 1);
      if (message.id && pending.has(message.id)) {
        const { resolve, reject, method } = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      } else {
        for (const l of [...listeners]) l(message);
      }
    }
  });
  function send(method, params = {}, sessionId) {
    const id = nextId++;
    const message = { id, method, params };
    if (sessionId) message.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, method });
      child.stdio[3].write(JSON.stringify(message) + '\0');
    });
  }
  function waitForEvent(method, sessionId, timeoutMs = 20000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${method}`)), timeoutMs);
      const listener = (m) => {
        if (m.method === method && (!sessionId || m.sessionId === sessionId)) {
          clearTimeout(timer);
          listeners.splice(listeners.indexOf(listener), 1);
          resolve(m.params);
        }
      };
      listeners.push(listener);
    });
  }

  // The first page target, navigated to `url`; its script errors collected.
  // options.before(cdp) runs before the navigation (Network.enable, a
  // viewport).
  async function open(url, options = {}) {
    const { targetInfos } = await send('Target.getTargets');
    const target = targetInfos.find((t) => t.type === 'page');
    if (!target) throw new Error('chromium opened no page');
    const { sessionId } = await send('Target.attachToTarget', { targetId: target.targetId, flatten: true });
    const cdp = (method, params) => send(method, params, sessionId);
    const exceptions = [];
    listeners.push((m) => {
      if (m.sessionId === sessionId && m.method === 'Runtime.exceptionThrown') exceptions.push(m.params.exceptionDetails);
    });
    // on(listener): every event of this page (CDP messages with a method).
    const on = (listener) => listeners.push((m) => { if (m.sessionId === sessionId && m.method) listener(m); });
    await cdp('Runtime.enable');
    await cdp('Page.enable');
    if (options.before) await options.before(cdp);
    // A navigation that loads a document (a fragment-only change fires no load).
    async function navigate(to) {
      const loaded = waitForEvent('Page.loadEventFired', sessionId);
      await cdp('Page.navigate', { url: to });
      await loaded;
    }
    await navigate(url);
    async function evaluate(expression) {
      const r = await cdp('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (r.exceptionDetails) throw new Error(`page: ${r.exceptionDetails.exception?.description || r.exceptionDetails.text}`);
      return r.result.value;
    }
    const nextFrame = () => evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))');
    return { cdp, evaluate, nextFrame, navigate, on, exceptions };
  }

  async function close() {
    const exited = new Promise((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once('exit', resolve);
    });
    send('Browser.close').catch(() => { /* already gone */ });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
    await exited;
    clearTimeout(timer);
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  }

  return { open, close, stderr: () => stderr };
}
