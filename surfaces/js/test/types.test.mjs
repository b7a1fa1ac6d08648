// The TypeScript declarations of each entry point name every export its
// runtime has, and no export it lacks (`export * from './x.js'` included).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { packageDir } from './support/load.mjs';

function declared(file) {
  const dts = readFileSync(path.join(packageDir, 'dist', file), 'utf8');
  const names = new Set([...dts.matchAll(/^export (?:const|function|class) (\w+)/gm)].map((m) => m[1]));
  for (const m of dts.matchAll(/^export \* from '\.\/(\w+)\.js';/gm))
    for (const name of declared(`${m[1]}.d.ts`)) names.add(name);
  return names;
}

const require = createRequire(import.meta.url);
for (const entry of ['punycode', 'puny', 'display', 'email', 'formats']) {
  test(`dist/${entry}.d.ts declares exactly the runtime exports`, async () => {
    const esm = await import(path.join(packageDir, 'dist', `${entry}.mjs`));
    const runtime = Object.keys(esm).filter((k) => k !== 'default').sort();
    assert.deepEqual([...declared(`${entry}.d.ts`)].sort(), runtime);
    assert.deepEqual(Object.keys(esm.default).sort(), runtime);
    assert.deepEqual(Object.keys(require(path.join(packageDir, 'dist', `${entry}.cjs`))).sort(), runtime);
  });
}
