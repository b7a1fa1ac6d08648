// wasm.typescript (issue 51): TypeScript from the npm registry (the version of
// package.json here) against the package installed from its `npm pack`
// tarball, under the three resolutions a project uses: nodenext (a CommonJS
// project's require and an ES module's import), node10 (types and
// typesVersions; the subpath folders) and bundler.  wasm.types runs
// Debian's tsc 4.8, which has no bundler resolution.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { copyFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { project, tools } from './project.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = process.env.PUNY_JS_PACKAGE;
if (!packageDir) throw new Error('typescript.test.mjs: set PUNY_JS_PACKAGE to the built package (build/wasm/package)');
const dir = project(path.resolve(packageDir));
const tsc = path.join(tools(), 'node_modules', 'typescript', 'bin', 'tsc');
// A CommonJS project for the .ts files (usage-cjs.ts is written as one).
writeFileSync(path.join(dir, 'package.json'), '{"name": "puny-types", "private": true, "type": "commonjs"}\n');
for (const file of ['usage-cjs.ts', 'usage-esm.mts'])
  copyFileSync(path.join(here, '..', 'types', file), path.join(dir, file));
copyFileSync(path.join(here, 'usage-bundler.ts'), path.join(dir, 'usage-bundler.ts'));

function compile(args) {
  const r = spawnSync(process.execPath, [tsc, '--strict', '--noEmit', '--target', 'es2020', '--lib', 'es2020,dom',
    '--skipLibCheck', 'false', ...args], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, `tsc ${args.join(' ')}:\n${r.stdout}${r.stderr}`);
}

const version = spawnSync(process.execPath, [tsc, '--version'], { encoding: 'utf8' }).stdout.trim();
test(`nodenext: require from CommonJS (.d.cts) and import from an ES module (.d.ts) [${version}]`, () => {
  compile(['--module', 'nodenext', '--moduleResolution', 'nodenext', 'usage-cjs.ts']);
  compile(['--module', 'nodenext', '--moduleResolution', 'nodenext', 'usage-esm.mts']);
});

test('node10: types, typesVersions and the subpath folders', () => {
  compile(['--module', 'commonjs', '--moduleResolution', 'node10', 'usage-cjs.ts']);
});

test('bundler: the import condition without extensions', () => {
  compile(['--module', 'esnext', '--moduleResolution', 'bundler', 'usage-bundler.ts']);
});
