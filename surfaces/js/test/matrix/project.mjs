// The "where it must run" tests (issue 51): a scratch project with the
// package installed from its `npm pack` tarball, the bundlers from
// install-tools.sh, and the examples of docs/javascript.md ("Bundlers and
// workers": each fenced block after a `<!-- example: not run: file NAME, bundled and run by ctest wasm.bundlers and wasm.browsers -->` line (the docs runner, tests/docs, leaves them to these tests)),
// written into the project as files named NAME.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..', '..');

// What every example computes, by key.
export const EXPECTED = Object.freeze({
  ascii: 'xn--bcher-kva.de',
  display: 'xn--80ak6aa92e.com',
  email: 'info@xn--bcher-kva.de',
  hunt: 'apple.com',
});

export function examples() {
  const text = readFileSync(path.join(repo, 'docs', 'javascript.md'), 'utf8');
  const out = {};
  for (const m of text.matchAll(/<!-- example: not run: file ([\w.-]+), bundled and run by ctest wasm\.bundlers and wasm\.browsers -->\n```\w*\n([\s\S]*?)\n```/g)) out[m[1]] = m[2] + '\n';
  for (const name of ['app.mjs', 'app.cjs', 'module-worker.mjs', 'classic-worker.js'])
    if (!out[name]) throw new Error(`docs/javascript.md has no example ${name} ("<!-- example: not run: file ${name}, bundled and run by ctest wasm.bundlers and wasm.browsers -->" before a code block)`);
  return out;
}

// The bundlers' folder (installed on first use; install-tools.sh fails loudly).
export function tools() {
  return execFileSync(path.join(here, 'install-tools.sh'), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

// A scratch project: node_modules/puny unpacked from the package's tarball,
// and the examples.  Removed at exit unless PUNY_KEEP_MATRIX is set.
export function project(packageDir) {
  const dir = mkdtempSync(path.join(tmpdir(), 'puny-matrix-'));
  if (!process.env.PUNY_KEEP_MATRIX) process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir, packageDir],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }))[0];
  mkdirSync(path.join(dir, 'node_modules', 'puny'), { recursive: true });
  execFileSync('tar', ['-xzf', path.join(dir, packed.filename), '-C', path.join(dir, 'node_modules', 'puny'), '--strip-components=1']);
  writeFileSync(path.join(dir, 'package.json'), '{"name": "puny-matrix-app", "private": true, "type": "module"}\n');
  for (const [name, code] of Object.entries(examples())) writeFileSync(path.join(dir, name), code);
  return dir;
}
