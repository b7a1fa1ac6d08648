// Builds the examples of docs/javascript.md with each bundler (the tools of
// install-tools.sh, through their JavaScript APIs) into PROJECT/out/:
//   esbuild-esm.mjs, esbuild-cjs.cjs   platform node, run by node
//   esbuild-cjs-nodata.cjs             app.mjs without its data imports
//   esbuild.js, webpack.js, rollup.js, browserify.js   scripts for a page
// Each page bundle sets globalThis.punyMatrix[NAME] to the example's results
// (or the error it threw).
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Wrappers around the examples: what a bundle does with `results`.
const NODE_MAIN = "import { results } from './app.mjs';\nconsole.log(JSON.stringify(results));\n";
const NODE_MAIN_NODATA = "import { results } from './app-nodata.mjs';\nconsole.log(JSON.stringify(results));\n";
const pageMain = (name, from) => `let r;\ntry { r = (await import('${from}')).results; } catch (e) { r = { error: String(e && e.message || e) }; }\n` +
  `(globalThis.punyMatrix ||= {})[${JSON.stringify(name)}] = r;\n`;
// (A static import keeps the bundle a script: no top-level await there.)
const pageMainStatic = (name, from) => `import { results } from '${from}';\n(globalThis.punyMatrix ||= {})[${JSON.stringify(name)}] = results;\n`;

export async function buildAll(dir, toolsDir) {
  const require = createRequire(path.join(toolsDir, 'package.json'));
  const out = path.join(dir, 'out');
  mkdirSync(out, { recursive: true });
  const app = readFileSync(path.join(dir, 'app.mjs'), 'utf8');
  writeFileSync(path.join(dir, 'app-nodata.mjs'), app.replace(/^import 'puny\/(display|hunt|email)-data\.js';.*\n/gm, ''));
  writeFileSync(path.join(dir, 'main-node.mjs'), NODE_MAIN);
  writeFileSync(path.join(dir, 'main-node-nodata.mjs'), NODE_MAIN_NODATA);
  for (const name of ['esbuild', 'webpack', 'rollup'])
    writeFileSync(path.join(dir, `main-${name}.mjs`), pageMainStatic(name, './app.mjs'));
  writeFileSync(path.join(dir, 'main-browserify.cjs'),
    "(globalThis.punyMatrix = globalThis.punyMatrix || {}).browserify = require('./app.cjs');\n");
  const failures = {};

  const esbuild = require('esbuild');
  const es = (entry, outfile, options) => {
    try {
      esbuild.buildSync({ entryPoints: [path.join(dir, entry)], bundle: true, outfile: path.join(out, outfile),
        logLevel: 'silent', absWorkingDir: dir, ...options });
    } catch (e) { failures[outfile] = String(e.message); }
  };
  es('main-node.mjs', 'esbuild-esm.mjs', { platform: 'node', format: 'esm' });
  es('main-node.mjs', 'esbuild-cjs.cjs', { platform: 'node', format: 'cjs' });
  es('main-node-nodata.mjs', 'esbuild-cjs-nodata.cjs', { platform: 'node', format: 'cjs' });
  es('main-esbuild.mjs', 'esbuild.js', { platform: 'browser', format: 'iife' });

  const webpack = require('webpack');
  await new Promise((resolve) => {
    webpack({ mode: 'production', target: 'web', context: dir, entry: path.join(dir, 'main-webpack.mjs'),
      output: { path: out, filename: 'webpack.js' }, performance: { hints: false } }, (err, stats) => {
      if (err || stats.hasErrors()) failures['webpack.js'] = String(err || stats.toString('errors-only'));
      resolve();
    });
  });

  const { rollup } = require('rollup');
  const { nodeResolve } = require('@rollup/plugin-node-resolve');
  try {
    const bundle = await rollup({ input: path.join(dir, 'main-rollup.mjs'), onwarn() {},
      plugins: [nodeResolve({ browser: true, rootDir: dir })] });
    await bundle.write({ file: path.join(out, 'rollup.js'), format: 'iife' });
    await bundle.close();
  } catch (e) { failures['rollup.js'] = String(e.message); }

  const browserify = require('browserify');
  await new Promise((resolve) => {
    browserify(path.join(dir, 'main-browserify.cjs'), { basedir: dir }).bundle((err, buf) => {
      if (err) failures['browserify.js'] = String(err.message);
      else writeFileSync(path.join(out, 'browserify.js'), buf);
      resolve();
    });
  });
  return { out, failures };
}
