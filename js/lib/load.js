// puny for JavaScript: instantiates the WebAssembly module that js/build.sh
// embeds in each entry file, without emscripten's JavaScript glue.
//
// Why: the module is linked as a standalone WebAssembly binary
// (js/CMakeLists.txt: -sSTANDALONE_WASM --no-entry), whose only imports are a
// notification that the memory grew and the exit of a failed abort; the
// glue that emscripten would generate for it weighs more than the
// Punycode-only entry point's whole budget.  What the API layers need from
// it is small: the exports (as `_name`, emscripten's spelling, which the
// layers were written against) and byte views of the memory that stay
// current when the memory grows.
//
// Compiled synchronously (WebAssembly.Module), as punycode.js's API is.

/* exported loadWasm */
function loadWasm(bytes) {
  'use strict';
  function aborted() {
    throw new Error('puny: the WebAssembly module aborted (out of memory?)');
  }
  const imports = {};
  const compiled = new WebAssembly.Module(bytes);
  for (const wanted of WebAssembly.Module.imports(compiled)) {
    if (wanted.kind !== 'function') throw new Error('puny: unexpected import ' + wanted.module + '.' + wanted.name);
    (imports[wanted.module] = imports[wanted.module] || {})[wanted.name] =
      wanted.name === 'emscripten_notify_memory_growth' ? function () {} : aborted;
  }
  const exports = new WebAssembly.Instance(compiled, imports).exports;
  const memory = exports.memory;
  let buffer = null;
  let u8 = null;
  let u16 = null;
  function views() {
    if (buffer !== memory.buffer) {
      buffer = memory.buffer;
      u8 = new Uint8Array(buffer);
      u16 = new Uint16Array(buffer);
    }
  }
  const module = {
    get HEAPU8() { views(); return u8; },
    get HEAPU16() { views(); return u16; },
  };
  for (const name of Object.keys(exports))
    if (typeof exports[name] === 'function') module['_' + name] = exports[name];
  // Static constructors of the C++ side (emscripten's reactor entry).
  if (module.__initialize) module.__initialize();
  return module;
}
