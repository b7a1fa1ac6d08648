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
  let module = null;
  let memory = null;
  // Past this much memory the instance is replaced by a fresh one once the
  // running code is done (a microtask: no call into the module is under
  // way then).  WebAssembly memory only grows, so one huge call would
  // otherwise keep its memory for the life of the process (144 MB after a
  // 4M-character name, 456 MB seen after larger ones); a new instance
  // starts at 16 MB and the compiled module is reused.  The layers reset
  // what they cached about the old one through module.renewed
  // (docs/javascript.md, "Errors and limits").  A call that grows the
  // memory several times past this queues as many checks; the first
  // renews, the others find the memory small.
  const keep = 64 << 20;
  // The module calls this whenever its memory grows (the views of the old
  // buffer are detached then); plain properties are much cheaper to read
  // than a getter that compares memory.buffer on every call.
  function views() {
    module.HEAPU8 = new Uint8Array(memory.buffer);
    module.HEAPU16 = new Uint16Array(memory.buffer);
    module.HEAP32 = new Int32Array(memory.buffer);
    if (memory.buffer.byteLength > keep) queueMicrotask(shrink);
  }
  function shrink() {
    if (memory.buffer.byteLength > keep) start();
  }
  // An abort (out of memory) leaves the instance's stack and buffers in the
  // middle of a call: it is replaced at once, then the error goes to the
  // caller (the result forms turn it into an input_too_long error).
  function aborted() {
    start();
    throw new Error('puny: the WebAssembly module aborted (out of memory?)');
  }
  const imports = {};
  const compiled = new WebAssembly.Module(bytes);
  // Every import is a function (the module is linked standalone, see
  // above); one that is not would fail the instantiation with its name.
  for (const wanted of WebAssembly.Module.imports(compiled)) {
    (imports[wanted.module] = imports[wanted.module] || {})[wanted.name] =
      wanted.name === 'emscripten_notify_memory_growth' ? views : aborted;
  }
  function start() {
    const exports = new WebAssembly.Instance(compiled, imports).exports;
    memory = exports.memory;
    // The exports as `_name` (the memory and table too, unused), made in
    // one object: added one at a time by computed name, V8 turns an object
    // with this many properties into a dictionary, and every read of an
    // export or a memory view (each call makes several) became a slow
    // look-up (about 4% of a decode's time).  A new instance's exports
    // replace the old ones in the same object.
    const named = Object.fromEntries(Object.entries(exports).map(([name, value]) => ['_' + name, value]));
    module = module ? Object.assign(module, named) : named;
    views();
    // Static constructors of the C++ side (emscripten's reactor entry).
    if (module.__initialize) module.__initialize();
    if (module.renewed) module.renewed();
  }
  start();
  return module;
}
