// One PunyError and one main module across the entry points (issue 51):
// each entry file was self-contained, with its own PunyError class (so
// `e instanceof PunyError` failed across entries, though the .d.ts says one
// class) and its own instance of the main module (importing all five made
// five, about 100 MB of external memory).  Now the entry points of one
// version share both within a realm (surfaces/js/build.sh), ES module and
// CommonJS forms alike; puny/punycode keeps its own small module.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { packageDir } from './support/load.mjs';

const require = createRequire(import.meta.url);
const dist = path.join(packageDir, 'dist');
const names = ['puny', 'punycode', 'display', 'email', 'formats'];

test('every entry point, ES module or CommonJS, has the same PunyError class', async () => {
  const entries = [];
  for (const name of names) {
    entries.push([`${name}.mjs`, await import(pathToFileURL(path.join(dist, `${name}.mjs`)).href)]);
    entries.push([`${name}.cjs`, require(path.join(dist, `${name}.cjs`))]);
  }
  const main = entries[0][1];
  let error = null;
  try { main.toAscii('a\u0000b'); } catch (e) { error = e; }
  assert.ok(error);
  for (const [name, entry] of entries) {
    assert.equal(entry.PunyError, main.PunyError, `${name}'s PunyError is another class`);
    assert.ok(error instanceof entry.PunyError, name);
  }
  // Errors thrown by the other entries, the lazily loaded modules' included.
  const display = entries.find(([n]) => n === 'display.cjs')[1];
  const email = entries.find(([n]) => n === 'email.mjs')[1];
  const punycode = entries.find(([n]) => n === 'punycode.mjs')[1];
  assert.throws(() => display.toDisplay('a\ud800.com'), main.PunyError);
  assert.throws(() => email.validate('no-at-sign'), main.PunyError);
  assert.throws(() => punycode.decode('abc!'), main.PunyError);
});

test('importing all five entry points instantiates the main module once', () => {
  // In a fresh process, count WebAssembly instantiations while importing.
  const script = `
    let count = 0;
    const Original = WebAssembly.Instance;
    // The main module: the one with the UTS #46 exports (puny/punycode's has none).
    const isMain = (m) => WebAssembly.Module.exports(m).some((e) => e.name === 'puny_js_to_ascii');
    WebAssembly.Instance = new Proxy(Original, { construct(t, a) { if (isMain(a[0])) ++count; return Reflect.construct(t, a); } });
    const distUrl = ${JSON.stringify(pathToFileURL(dist).href)};
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    for (const name of ${JSON.stringify(names)}) await import(distUrl + '/' + name + '.mjs');
    for (const name of ${JSON.stringify(names)}) require(${JSON.stringify(dist)} + '/' + name + '.cjs');
    const before = count;
    console.log(JSON.stringify({ count: before, external: process.memoryUsage().external }));`;
  const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
  // The main module, for puny, display, email and formats (puny/punycode has its own, smaller).
  assert.equal(out.count, 1, `the main module instantiated ${out.count} times for eight entry files (ES module and CommonJS)`);
});
