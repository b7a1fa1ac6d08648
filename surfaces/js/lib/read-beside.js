// puny for JavaScript: a module file beside the entry file, read
// synchronously, for the entry points that load a module at their first call
// (puny/display: surfaces/js/lib/lazy-entry.js; puny/email and
// puny/formats: surfaces/js/lib/email-load.js).  The API stays synchronous,
// as the rest of the package is.
//
// surfaces/js/build.sh places this file in the entry file's function scope.

/* exported readBeside, besideUrl, ownScriptUrl, besideBytes, lazyModuleCall */
/* global unpackWasm, loadWasm, createPunyCore */

// `file` beside the entry file whose URL is `base`.  An empty `base` is an
// ES module bundled into CommonJS or a classic script (esbuild --format=cjs
// or iife leave import.meta empty), where nothing says where the entry file
// was: say so rather than "Invalid URL".
function besideUrl(file, base) {
  'use strict';
  if (!base)
    throw new Error('this entry file has no URL of its own (import.meta.url is empty: an ES module ' +
                    'bundled into CommonJS or a classic script), so ' + file + ' beside it cannot be found');
  return new URL(file, base);
}

// The URL of the classic script running now, read at load: a page's
// <script src> (document.currentScript), else, in a classic Web Worker
// (importScripts) or a bundle loaded there, the first script URL of a
// stack trace taken here, which is this file's own (V8 and SpiderMonkey
// both print it as URL:LINE:COLUMN); the worker's or page's location only
// when neither is to be had.
function ownScriptUrl() {
  'use strict';
  const doc = globalThis.document;
  if (doc && doc.currentScript && doc.currentScript.src) return doc.currentScript.src;
  const stack = String(new Error().stack || '');
  const found = /((?:https?|file|blob:https?|blob:file):\/\/[^\s()@]*?):\d+:\d+/.exec(stack);
  if (found) return found[1];
  return globalThis.location ? String(globalThis.location.href) : '';
}

// The bytes at `url` (a URL beside the entry file), synchronously.
function readBeside(url) {
  'use strict';
  const proc = globalThis.process;
  if (url.protocol === 'file:' && proc && proc.getBuiltinModule)
    return proc.getBuiltinModule('fs').readFileSync(url);
  // A synchronous request cannot ask for an ArrayBuffer in a window; text
  // in the user-defined charset maps each byte to one code unit (its low
  // byte is the byte).
  const request = new XMLHttpRequest();
  request.open('GET', String(url), false);
  request.overrideMimeType('text/plain; charset=x-user-defined');
  request.send();
  if (request.status !== 200 && request.status !== 0) throw new Error('HTTP ' + request.status);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i) & 0xFF;
  return bytes;
}

// The bytes of a module kept beside the entry file: the packed copy a data
// script set as globalThis[packedName], else `read()`.  `entry` and `file`
// name the entry point and the module file in the error a missing module
// gives.
function besideBytes(entry, file, packedName, read) {
  'use strict';
  const packed = globalThis[packedName];
  try {
    return packed ? unpackWasm.apply(null, packed) : read();
  } catch (error) {
    const dataModule = 'puny/' + file.replace(/\.wasm$/, '-data.js');
    throw new Error(entry + ': could not load ' + file + ', which belongs beside the entry file (' +
                    error.message + '). In a bundle, or wherever the entry file is not served ' +
                    'with ' + file + ' beside it, import \'' + dataModule + '\' (or load that ' +
                    'script) before the first call: it carries the module. See the package\'s ' +
                    'README.md, "Bundlers and workers".');
  }
}

// The functions of a module loaded at their first call: returns
// call(name, args), which loads the module once (besideBytes), builds its
// layer with `create(wasm, core)`, and calls the layer's function `name`.
// The module's PunyError is its own class: its errors become instances of
// this entry point's (`core.PunyError`), as every other function's are.
function lazyModuleCall(entry, file, packedName, create, version, core, read) {
  'use strict';
  let layer = null;
  function load() {
    if (layer !== null) return layer;
    const wasm = loadWasm(besideBytes(entry, file, packedName, read));
    layer = create(wasm, createPunyCore(wasm, version));
    return layer;
  }
  // `name`: the layer's function, or a function of something it returned,
  // whose errors are converted alike.
  return function call(name, args) {
    const api = load();
    try {
      return (typeof name === 'function' ? name : api[name]).apply(null, args);
    } catch (error) {
      if (error instanceof RangeError && error.name === 'PunyError')
        Object.setPrototypeOf(error, core.PunyError.prototype);
      throw error;
    }
  };
}
