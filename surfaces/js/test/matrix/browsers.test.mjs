// wasm.browsers (issue 51): in headless Chromium and Firefox ESR (Debian's),
// a page over HTTP that runs the page bundles of wasm.bundlers (esbuild,
// webpack 5, rollup, browserify: docs/javascript.md's app.mjs / app.cjs),
// and the module worker and classic worker examples of docs/javascript.md,
// each loading the main, display and e-mail entry points; the page posts
// what each computed to the test's server.  No driver: each browser is
// started on the page's URL and stopped once it has reported.  A browser
// that is not installed fails its test, saying so.  Before: the classic
// worker asked for /display.wasm (beside the worker, not the script) and
// the bundles failed as in wasm.bundlers.
import test from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { EXPECTED, project, tools } from './project.mjs';
import { buildAll } from './bundle.mjs';

const packageDir = process.env.PUNY_JS_PACKAGE;
if (!packageDir) throw new Error('browsers.test.mjs: set PUNY_JS_PACKAGE to the built package (build/wasm/package)');
const dir = project(path.resolve(packageDir));
const { failures } = await buildAll(dir, tools());

const PAGE = `<!doctype html><meta charset="utf-8"><title>puny: where it must run</title>
<script>
  window.pageErrors = [];
  addEventListener('error', (e) => pageErrors.push(String(e.message)));
</script>
<script src="/out/esbuild.js"></script>
<script src="/out/webpack.js"></script>
<script src="/out/rollup.js"></script>
<script src="/out/browserify.js"></script>
<script type="module">
  const results = {};
  for (const name of ['esbuild', 'webpack', 'rollup', 'browserify'])
    results[name] = (globalThis.punyMatrix || {})[name] || { error: 'the bundle set no result' };
  function worker(url, options) {
    return new Promise((resolve) => {
      let w;
      const timer = setTimeout(() => resolve({ error: 'no message from the worker in 30 s' }), 30000);
      try { w = new Worker(url, options); } catch (e) { clearTimeout(timer); resolve({ error: String(e) }); return; }
      w.onmessage = (e) => { clearTimeout(timer); resolve(e.data); };
      w.onerror = (e) => { clearTimeout(timer); e.preventDefault(); resolve({ error: 'worker error: ' + (e.message || '(no message)') }); };
    });
  }
  results['module worker'] = await worker('/module-worker.mjs', { type: 'module' });
  results['classic worker'] = await worker('/classic-worker.js');
  await fetch('/report', { method: 'POST', body: JSON.stringify({ results, errors: pageErrors, userAgent: navigator.userAgent }) });
</script>
`;

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.cjs': 'text/javascript',
  '.wasm': 'application/wasm', '.html': 'text/html', '.json': 'application/json' };

// Serves the project; resolves `reported` with the page's report.
function serve() {
  const requests = [];
  let deliver;
  const reported = new Promise((resolve) => { deliver = resolve; });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    requests.push(url.pathname);
    if (req.method === 'POST' && url.pathname === '/report') {
      let body = '';
      req.on('data', (d) => { body += d; });
      req.on('end', () => { res.end('ok'); deliver(JSON.parse(body)); });
      return;
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
      return;
    }
    const file = path.join(dir, path.normalize(decodeURIComponent(url.pathname)));
    if (!file.startsWith(dir + path.sep) || !existsSync(file)) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () =>
    resolve({ server, requests, reported, url: `http://127.0.0.1:${server.address().port}/` })));
}

function which(names) {
  for (const name of names) {
    try { return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim(); } catch { /* next */ }
  }
  return null;
}

const BROWSERS = [
  { name: 'Chromium', binaries: ['chromium', 'chromium-browser'], install: 'apt-get install chromium',
    args: (profile, url) => ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-extensions',
      '--disable-background-networking', '--disable-component-update', `--user-data-dir=${profile}`, url] },
  { name: 'Firefox ESR', binaries: ['firefox-esr', 'firefox'], install: 'apt-get install firefox-esr',
    args: (profile, url) => ['--headless', '--no-remote', '--profile', profile, url] },
];

for (const browser of BROWSERS) {
  test(`${browser.name}: the bundles, a module worker and a classic worker`, async () => {
    // Every case is checked and every failure reported together.
    const problems = [];
    for (const file of ['esbuild.js', 'webpack.js', 'rollup.js', 'browserify.js'])
      if (failures[file] !== undefined) problems.push(`${file} did not build: ${failures[file]}`);
    const binary = which(browser.binaries);
    assert.ok(binary, `########## ${browser.name} is not installed (${browser.install}; scripts/install-deps.sh ` +
                      `installs it): the package was NOT tested in ${browser.name} ##########`);
    const { server, requests, reported, url } = await serve();
    const profile = mkdtempSync(path.join(tmpdir(), 'puny-browser-'));
    const child = spawn(binary, browser.args(profile, url), { stdio: ['ignore', 'ignore', 'pipe'], detached: true,
      env: { ...process.env, MOZ_HEADLESS: '1' } });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    let timer;
    const timeout = new Promise((resolve) => { timer = setTimeout(() => resolve(null), 120000); });
    try {
      const report = await Promise.race([reported, timeout]);
      assert.ok(report, `${browser.name} sent no report in 120 s; requests: ${requests.join(' ')}\n${stderr.slice(-2000)}`);
      console.log(`# ${browser.name}: ${report.userAgent}`);
      for (const [where, got] of Object.entries(report.results))
        if (JSON.stringify(got) !== JSON.stringify(EXPECTED)) problems.push(`${where}: ${JSON.stringify(got)}`);
      if (report.errors.length > 0) problems.push(`page errors: ${JSON.stringify(report.errors)}`);
      assert.deepEqual(problems, [], `${browser.name}:\n  ${problems.join('\n  ')}\nrequests: ${requests.join(' ')}`);
      assert.deepEqual(Object.keys(report.results).sort(),
        ['browserify', 'classic worker', 'esbuild', 'module worker', 'rollup', 'webpack']);
    } finally {
      clearTimeout(timer);
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      server.close();
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    }
  });
}
