// Loads the built package for the tests: PUNY_JS_PACKAGE names the directory
// surfaces/js/build.sh assembled (default build/wasm/package beside this checkout), and
// the Debian punycode.js used as a differential peer (node-punycode, found
// through NODE_PATH=/usr/share/nodejs).  Both missing is a failure, not a skip.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const packageDir = path.resolve(process.env.PUNY_JS_PACKAGE ||
                                       path.join(here, '..', '..', '..', '..', 'build', 'wasm', 'package'));
// PUNY_JS_ENTRY picks the entry point that `puny` and `punyCjs` load (default
// the main one; tests/wasm runs the punycode.js tests again on `punycode`).
const entry = process.env.PUNY_JS_ENTRY || 'puny';
const esmPath = path.join(packageDir, 'dist', `${entry}.mjs`);
if (!existsSync(esmPath))
  throw new Error(`puny tests: ${esmPath} is missing; run surfaces/js/build.sh first (or set PUNY_JS_PACKAGE)`);

// The three entry points (surfaces/js/build.sh): puny (UTS #46), puny/punycode
// (punycode.js's API) and puny/display (display safety).
export const puny = await import(pathToFileURL(esmPath).href);
export const punyPunycode = await import(pathToFileURL(path.join(packageDir, 'dist', 'punycode.mjs')).href);
export const punyDisplay = await import(pathToFileURL(path.join(packageDir, 'dist', 'display.mjs')).href);
const require = createRequire(import.meta.url);
export const punyCjs = require(path.join(packageDir, 'dist', `${entry}.cjs`));

// The trailing slash selects the npm/Debian package, not Node's deprecated
// built-in `punycode` module.
function loadPeer() {
  const dirs = (process.env.NODE_PATH || '/usr/share/nodejs').split(path.delimiter);
  for (const dir of dirs) {
    const file = path.join(dir, 'punycode', 'punycode.js');
    if (existsSync(file)) return require(file);
  }
  throw new Error('puny tests: punycode.js not found in NODE_PATH ' +
                  '(scripts/install-deps.sh installs Debian\'s node-punycode)');
}
export const punycodeJs = loadPeer();
export const sharedTestdata = path.resolve(here, '..', '..', '..', '..', '..', 'shared', 'testdata');

// body(index) with a hunt index of `brands` made by puny/display's
// huntIndex, freed afterwards whatever body does.
export function withHuntIndex(brands, options, body) {
  const index = punyDisplay.huntIndex(brands, options);
  try {
    body(index);
  } finally {
    index.free();
  }
}
