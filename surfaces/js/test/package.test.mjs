// The tarball as npm publishes it (issue 51): `npm pack` of the built
// package, then what a user of it finds.  Before: the runtime error for a
// missing module cited docs/javascript.md, which the tarball lacks; README
// links (../../docs/...) led nowhere; scripts.build / scripts.test named
// build.sh and test/, not shipped; "sideEffects": false let bundlers drop
// `import 'puny/display-data.js'`; the "browser" field's file exported nothing.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import vm from 'node:vm';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { packageDir } from './support/load.mjs';

// The files `npm pack` would put in the tarball, unpacked into a scratch folder.
const scratch = mkdtempSync(path.join(tmpdir(), 'puny-pack-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', scratch, packageDir],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }))[0];
execFileSync('tar', ['-xzf', path.join(scratch, packed.filename), '-C', scratch]);
const root = path.join(scratch, 'package');
const shipped = new Set(packed.files.map((f) => f.path));
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

test('every relative link of the shipped README leads to a shipped file', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1])
    .filter((href) => !/^(https?:|mailto:|#)/.test(href));
  for (const href of links) {
    const file = path.posix.normalize(href.split('#')[0]);
    assert.ok(shipped.has(file), `README.md links to ${href}, which is not in the tarball`);
  }
});

test('no script of package.json names a file the tarball lacks', () => {
  for (const [name, command] of Object.entries(manifest.scripts || {})) {
    for (const word of command.split(/\s+/).filter((w) => /[./]/.test(w) && !w.startsWith('-'))) {
      const file = path.posix.normalize(word);
      assert.ok(shipped.has(file) || [...shipped].some((f) => f.startsWith(file.replace(/\/$/, '') + '/')),
        `scripts.${name} ("${command}") names ${word}, which is not in the tarball`);
    }
  }
});

test('the runtime cites no file of the source tree that the tarball lacks', () => {
  for (const file of shipped) {
    if (!/\.(m?js|cjs)$/.test(file)) continue;
    // (Comment lines, such as the header naming the generator, are not read.)
    const text = readFileSync(path.join(root, file), 'utf8').replace(/^\/\/.*$/gm, '');
    for (const m of text.matchAll(/(?:docs|surfaces|src)\/[\w./-]+\.(?:md|js|cpp|sh)/g))
      assert.fail(`${file} cites ${m[0]}, which is not in the tarball`);
  }
  // The missing-module error says what to do, in words the tarball holds.
  const context = vm.createContext({ queueMicrotask, atob, TextDecoder, TextEncoder, console });
  vm.runInContext(readFileSync(path.join(root, 'dist', 'display.browser.js'), 'utf8'), context);
  assert.throws(() => context.puny.toDisplay('a.com'), (e) =>
    /puny\/display-data\.js/.test(e.message) && /README\.md, "Bundlers and workers"/.test(e.message));
  assert.match(readFileSync(path.join(root, 'README.md'), 'utf8'), /^## Bundlers and workers$/m);
});

test('sideEffects keeps the data scripts that set globals', () => {
  assert.ok(Array.isArray(manifest.sideEffects), 'sideEffects: false lets a bundler drop puny/display-data.js');
  for (const file of ['display-data.js', 'hunt-data.js', 'email-data.js', 'display.browser.js']) {
    const target = './dist/' + file;
    assert.ok(manifest.sideEffects.some((p) => p === target || (p.includes('*') &&
      new RegExp('^' + p.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*') + '$').test(target))),
      `${target} is not listed in sideEffects`);
  }
});

test('the "browser" field and the subpath folders give a CommonJS wrapper the exports', () => {
  // As browserify and webpack 4 run it: in a function with module and exports.
  const run = (file) => {
    const module = { exports: {} };
    const context = vm.createContext({ module, exports: module.exports, queueMicrotask, atob, TextDecoder, TextEncoder });
    vm.runInContext(readFileSync(path.join(root, file), 'utf8'), context);
    return module.exports;
  };
  assert.equal(typeof manifest.browser, 'string');
  assert.equal(run(manifest.browser).toAscii('bücher.de'), 'xn--bcher-kva.de');
  assert.equal(run(manifest.browser).encode('bücher'), 'bcher-kva');
  for (const name of ['punycode', 'display', 'email', 'formats']) {
    const sub = JSON.parse(readFileSync(path.join(root, name, 'package.json'), 'utf8'));
    for (const field of ['main', 'browser', 'types'])
      assert.ok(existsSync(path.join(root, name, sub[field])), `${name}/package.json ${field} ${sub[field]}`);
    assert.equal(typeof run(path.join(name, sub.browser)).version, 'string', `${name}'s browser file exports nothing`);
  }
});
