// puny for JavaScript: puny/display's display layer, loaded on demand.
//
// Why: the display module (UTS #39 tables and the display policies,
// surfaces/js/src/ at its display level) weighs about
// 170 KB packed, against 100 KB gzipped for every entry file a page loads
// (issue 42).  So the puny/display entry file carries the main entry point's
// module (UTS #46, IDNA2008, explain) and fetches the display module, which
// surfaces/js/build.sh writes beside it as display.wasm, at the first call of
// display(), toDisplay(), skeleton() or huntIndex(); the lists
// displayProfiles, displayReasons and huntRules are written into the entry file at build time, so reading
// them loads nothing.
//
// Where the module comes from, first that applies:
//   1. globalThis.punyDisplayPacked, set by display-data.js (the module
//      packed, as a classic script): a page opened from file://, where a
//      browser refuses to read a file beside the page, includes that
//      script (surfaces/js/web/index.html does);
//   2. `read()`, which each form of the entry file supplies: CommonJS reads
//      the file beside it with fs; the ES module reads
//      new URL('display.wasm', import.meta.url) with fs in Node
//      (process.getBuiltinModule, Node 20.16+) and with a synchronous
//      request in a browser; the classic script, the file beside its own
//      <script src>, with a synchronous request (readBeside,
//      surfaces/js/lib/read-beside.js).
// The API stays synchronous, as the rest of the package is.

/* exported createLazyDisplay */
/* global lazyModuleCall, createPunyDisplay */

// The display functions over a module loaded at their first call.
// `lists`: {displayProfiles, displayReasons, huntRules}, from the display module at
// build time; `read()`: the module's bytes (see above).
function createLazyDisplay(version, core, lists, read) {
  'use strict';
  const call = lazyModuleCall('puny/display', 'display.wasm', 'punyDisplayPacked', createPunyDisplay, version, core, read);
  return {
    display(name, options) { return call('display', [name, options]); },
    toDisplay(name, options) { return call('toDisplay', [name, options]); },
    skeleton(text) { return call('skeleton', [text]); },
    // The index lives in the display module; its methods' errors become
    // this entry point's PunyError too.
    huntIndex(brandText, options) {
      const index = call('huntIndex', [brandText, options]);
      return Object.freeze({
        size: index.size,
        matches(name) { return call(index.matches, [name]); },
        matchesMany(names) { return call(index.matchesMany, [names]); },
        free() { return call(index.free, []); },
      });
    },
    huntRules: Object.freeze(lists.huntRules.map((r) => Object.freeze(r))),
    displayProfiles: Object.freeze(lists.displayProfiles.map((p) => Object.freeze(p))),
    displayReasons: Object.freeze(lists.displayReasons),
  };
}
