// puny for JavaScript: instantiates the WebAssembly module that surfaces/js/build.sh
// embeds in each entry file, without emscripten's JavaScript glue.
//
// Why: the module is linked as a standalone WebAssembly binary
// (surfaces/js/CMakeLists.txt: -sSTANDALONE_WASM --no-entry), whose only imports are a
// notification that the memory grew and the exit of a failed abort; the
// glue that emscripten would generate for it weighs more than the
// Punycode-only entry point's whole budget.  What the API layers need from
// it is small: the exports (as `_name`, emscripten's spelling, which the
// layers were written against) and views of the memory (HEAPU8, HEAPU16, HEAP32)
// that are replaced when the memory grows.
//
// Compiled synchronously (WebAssembly.Module), as punycode.js's API is.

/* exported loadWasm */
function loadWasm(bytes) {
  'use strict';
  function aborted() {
    throw new Error('puny: the WebAssembly module aborted (out of memory?)');
  }
  const module = {};
  let memory = null;
  // The module calls this whenever its memory grows (the views of the old
  // buffer are detached then); plain properties are much cheaper to read
  // than a getter that compares memory.buffer on every call.
  function views() {
    module.HEAPU8 = new Uint8Array(memory.buffer);
    module.HEAPU16 = new Uint16Array(memory.buffer);
    module.HEAP32 = new Int32Array(memory.buffer);
  }
  const imports = {};
  const compiled = new WebAssembly.Module(bytes);
  for (const wanted of WebAssembly.Module.imports(compiled)) {
    if (wanted.kind !== 'function') throw new Error('puny: unexpected import ' + wanted.module + '.' + wanted.name);
    (imports[wanted.module] = imports[wanted.module] || {})[wanted.name] =
      wanted.name === 'emscripten_notify_memory_growth' ? views : aborted;
  }
  const exports = new WebAssembly.Instance(compiled, imports).exports;
  memory = exports.memory;
  views();
  for (const name of Object.keys(exports))
    if (typeof exports[name] === 'function') module['_' + name] = exports[name];
  // Static constructors of the C++ side (emscripten's reactor entry).
  if (module.__initialize) module.__initialize();
  return module;
}
