// ctest wasm.bun (issue 51): the npm package under Bun, the npm package `bun`
// at the version of package.json here (install-bun.sh; cached in
// ~/.cache/puny/js-bun).  The package is installed from its `npm pack`
// tarball into a scratch project (../matrix/project.mjs), and Bun runs
//   smoke.mjs / smoke.cjs   the ES module and CommonJS entries: encode,
//                           toAscii, toUnicode, puny/punycode, puny/display,
//                           puny/email, an error's fields, one PunyError class
//   app.mjs                 docs/javascript.md's "Bundlers and workers"
//                           ES module example, unbundled (its app.cjs is
//                           for tools that read no `exports`: browserify)
// each compared with fixed values and with what Node prints for the same
// file.  Without bun (npm could not install it, or it does not run here)
// the test fails, naming the install script; it never skips.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXPECTED, project } from '../matrix/project.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = process.env.PUNY_JS_PACKAGE;
if (!packageDir) throw new Error('bun.test.mjs: set PUNY_JS_PACKAGE to the built package (build/wasm/package)');

let bun = null;
let installError = '';
try {
  bun = execFileSync(path.join(here, 'install-bun.sh'), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
} catch (e) {
  installError = `${e.stderr || e.message}`;
}
const dir = project(path.resolve(packageDir));
for (const file of ['smoke.mjs', 'smoke.cjs']) copyFileSync(path.join(here, file), path.join(dir, file));

const SMOKE = {
  encode: 'bcher-kva',
  ascii: 'xn--bcher-kva.de',
  unicode: 'bücher.de',
  defaultAscii: 'xn--bcher-kva.de',
  punycode: '3年B組金八先生',
  display: 'xn--80ak6aa92e.com',
  email: 'info@xn--bcher-kva.de',
  emailError: 'extra_at_sign',
  error: { name: 'PunyError', code: 'disallowed', uts46: 'V7', offset: 1, range: true },
  sameClass: true,
};

function run(runtime, args) {
  const r = spawnSync(runtime, args, { encoding: 'utf8', cwd: dir });
  assert.equal(r.error, undefined, `${runtime}: ${r.error}`);
  assert.equal(r.status, 0, `${runtime} ${args.join(' ')} exited ${r.status} in ${dir}:\n${r.stdout}${r.stderr}`);
  return JSON.parse(r.stdout);
}

test('bun is installed (the pinned npm package) and runs', () => {
  assert.ok(bun, `no bun: surfaces/js/test/bun/install-bun.sh failed (scripts/install-deps.sh runs it):\n${installError}`);
  const pinned = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8')).dependencies.bun;
  assert.equal(execFileSync(bun, ['--version'], { encoding: 'utf8' }).trim(), pinned);
});

for (const file of ['smoke.mjs', 'smoke.cjs']) {
  test(`${file} under Bun: the main, punycode, display and e-mail entries, as under Node`, () => {
    assert.ok(bun, 'no bun (see the first test)');
    const got = run(bun, [file]);
    assert.equal(got.runtime, 'bun');
    const { runtime, ...results } = got;
    assert.deepEqual(results, SMOKE);
    const { runtime: nodeRuntime, ...nodeResults } = run(process.execPath, [file]);
    assert.equal(nodeRuntime, 'node');
    assert.deepEqual(results, nodeResults);
  });
}

test('docs/javascript.md\'s app.mjs under Bun, unbundled', () => {
  assert.ok(bun, 'no bun (see the first test)');
  const esm = run(bun, ['-e', "const m = await import('./app.mjs'); console.log(JSON.stringify(m.results));"]);
  assert.deepEqual(esm, EXPECTED);
});
