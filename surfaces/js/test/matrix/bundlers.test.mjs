// wasm.bundlers (issue 51): the examples of docs/javascript.md ("Bundlers and
// workers") bundled by esbuild (ESM and CommonJS for Node, a script for a
// browser), webpack 5, rollup and browserify from the npm registry, against
// the package as `npm pack` makes it.  Node runs its bundles here; the
// page bundles are built here and run in the browsers by wasm.browsers.
// Before: the esbuild bundles' toDisplay threw "could not load display.wasm"
// ("sideEffects": false dropped the data imports; "Invalid URL" in CommonJS)
// and browserify's require('puny') had no exports.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import vm from 'node:vm';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { EXPECTED, project, tools } from './project.mjs';
import { buildAll } from './bundle.mjs';

const packageDir = process.env.PUNY_JS_PACKAGE;
if (!packageDir) throw new Error('bundlers.test.mjs: set PUNY_JS_PACKAGE to the built package (build/wasm/package)');
const dir = project(path.resolve(packageDir));
const { out, failures } = await buildAll(dir, tools());

function runNode(file) {
  const r = spawnSync(process.execPath, [path.join(out, file)], { encoding: 'utf8', cwd: dir });
  return r;
}

for (const file of ['esbuild-esm.mjs', 'esbuild-cjs.cjs']) {
  test(`esbuild for Node (${file}): the main, display and e-mail entry points`, () => {
    assert.equal(failures[file], undefined, failures[file]);
    // Away from node_modules: the bundle must carry everything.
    const r = runNode(file);
    assert.equal(r.status, 0, `${file} exited ${r.status}: ${r.stderr}`);
    assert.deepEqual(JSON.parse(r.stdout), EXPECTED);
  });
}

test('esbuild to CommonJS without the data imports fails with an error that names the route', () => {
  const r = runNode('esbuild-cjs-nodata.cjs');
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /puny\/display: could not load display\.wasm/);
  assert.match(r.stderr, /import\.meta\.url is empty/);
  assert.match(r.stderr, /import 'puny\/display-data\.js'/);
  assert.doesNotMatch(r.stderr, /Invalid URL/);
});

// The page bundles in a bare script context (no document, no fs, no
// XMLHttpRequest): the main thread of wasm.browsers, without a browser.
for (const file of ['esbuild.js', 'webpack.js', 'rollup.js', 'browserify.js']) {
  test(`${file.replace('.js', '')} for a browser: a self-contained script`, () => {
    assert.equal(failures[file], undefined, failures[file]);
    assert.ok(existsSync(path.join(out, file)));
    // (A document with the script's URL: webpack's runtime reads it at load,
    // for the public path of the .wasm it emits for new URL(..., import.meta.url).)
    const document = { currentScript: { src: `http://127.0.0.1/out/${file}`, tagName: 'SCRIPT' }, baseURI: 'http://127.0.0.1/' };
    const context = vm.createContext({ queueMicrotask, atob, TextDecoder, TextEncoder, console, setTimeout, document });
    vm.runInContext(readFileSync(path.join(out, file), 'utf8'), context);
    const name = file.replace('.js', '');
    assert.deepEqual(JSON.parse(JSON.stringify(context.punyMatrix[name])), EXPECTED);
  });
}

test('the bundlers are the pinned ones', () => {
  const versions = execFileSync(process.execPath, ['-e',
    "const r=require('module').createRequire(process.argv[1]+'/package.json');" +
    "console.log(JSON.stringify(['esbuild','webpack','rollup','browserify'].map(n=>n+' '+r(n+'/package.json').version)))",
    tools()], { encoding: 'utf8' });
  const pinned = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).dependencies;
  for (const entry of JSON.parse(versions)) {
    const [name, version] = entry.split(' ');
    assert.equal(version, pinned[name], name);
  }
  console.log(`# ${JSON.parse(versions).join(', ')}; project ${dir}`);
});
