// The TypeScript declarations name every export the runtime has, and no
// export the runtime lacks.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { puny, packageDir } from './support/load.mjs';

test('dist/puny.d.ts declares exactly the runtime exports', () => {
  const dts = readFileSync(path.join(packageDir, 'dist', 'puny.d.ts'), 'utf8');
  const declared = new Set([...dts.matchAll(/^export (?:const|function|class) (\w+)/gm)].map((m) => m[1]));
  const runtime = new Set(Object.keys(puny).filter((k) => k !== 'default'));
  assert.deepEqual([...declared].sort(), [...runtime].sort());
  assert.deepEqual(Object.keys(puny.default).sort(), [...runtime].sort());
});
