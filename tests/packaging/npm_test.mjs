// Install test of the npm tarball (scripts/release.sh npm):
//   node tests/packaging/npm_test.mjs DIST/puny-VERSION.tgz
// `npm install --offline` of the tarball into a fresh project (a scratch
// folder, no checkout), then docs/javascript.md's app.mjs (ESM) and app.cjs
// (CommonJS, without its bundler-only data lines) run by node unbundled, each result compared with EXPECTED.
// The examples and EXPECTED are those of ctest wasm.bundlers
// (surfaces/js/test/matrix/project.mjs), which bundles them from `npm pack`
// of the build folder; this test takes the released file instead.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXPECTED, examples } from '../../surfaces/js/test/matrix/project.mjs';

const fail = (message) => { console.error(`npm_test.mjs: FAILED: ${message}`); process.exit(1); };
const tarball = process.argv[2];
if (!tarball || !existsSync(tarball)) fail(`no tarball '${tarball}' (run scripts/release.sh npm)`);

const dir = mkdtempSync(path.join(tmpdir(), 'puny-npm-test-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
writeFileSync(path.join(dir, 'package.json'), '{"name": "puny-npm-test", "private": true}\n');
try {
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', path.resolve(tarball)],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
} catch (e) {
  fail(`npm install --offline ${tarball}: ${e.stderr}`);
}
const code = examples();
// app.cjs is written for bundlers that read the "browser" field and not
// "exports" (browserify, webpack 4), where the data files are
// puny/dist/*-data.js; Node's require() reads "exports", which maps them as
// puny/*-data.js and where display.wasm/email.wasm load from disk, so the
// two data lines are left out for Node (the rest of the file runs as written).
const dataLine = /^require\('puny\/dist\/(display|email)-data\.js'\);\n/gm;
if ((code['app.cjs'].match(dataLine) || []).length !== 2)
  fail("docs/javascript.md's app.cjs no longer has the two require('puny/dist/*-data.js') lines this test drops for Node");
code['app.cjs'] = code['app.cjs'].replace(dataLine, '');
const runs = {
  // ESM: app.mjs exports `results`.
  esm: ['app.mjs', "import('./app.mjs').then((m) => console.log(JSON.stringify(m.results)))"],
  // CommonJS: app.cjs sets module.exports.
  cjs: ['app.cjs', "console.log(JSON.stringify(require('./app.cjs')))"],
};
for (const [kind, [file, driver]] of Object.entries(runs)) {
  writeFileSync(path.join(dir, file), code[file]);
  let out;
  try {
    out = execFileSync(process.execPath, ['-e', driver], { cwd: dir, encoding: 'utf8' });
  } catch (e) {
    fail(`${kind} (${file}) in ${dir}: ${e.stderr}`);
  }
  const got = JSON.parse(out);
  for (const [key, value] of Object.entries(EXPECTED))
    if (got[key] !== value) fail(`${kind} (${file}): ${key} is ${JSON.stringify(got[key])}, expected ${JSON.stringify(value)}`);
  console.log(`npm_test.mjs: ${kind} ok (${file}): ${out.trim()}`);
}
