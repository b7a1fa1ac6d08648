// puny for JavaScript: puny/display's entry point over a module loaded at
// its first call (issue 54).
//
// Why: the display module is the main module plus the display code and the
// UTS #39 tables, so an entry file that also carried the main module made a
// page download the engine twice (98 KB gzipped for the entry file, 188 KB
// for display-data.js).  The entry file now carries no module: every
// function, toAscii as much as display, runs on the display module, read
// from beside the entry file (or from display-data.js) at the first call
// (besideBytes, surfaces/js/lib/read-beside.js).  What needs no call (the
// version, the presets, flag names, display profiles and reasons, the
// lookalike rules) is written into the entry file at build time, so reading
// it loads nothing; PunyError is the realm's class (surfaces/js/lib/core.js).
//
// Lookalike hunting (huntIndex) runs on a module of its own, hunt.wasm (or
// hunt-data.js), loaded at the first huntIndex call: the matcher and its
// common-word table (152 KB that gzip cannot shrink) would otherwise ride
// along with every display verdict.  huntRules is written in like the rest.

/* exported lazyEntry */

// The entry point's object: `shape` (made by surfaces/js/build.sh from the
// real API over the module) gives each name as 0 for a function, [value]
// for data, or an object of functions' shape (ucs2, idna); `make()` builds
// the real API, once, at the first call.  `own`: {name: make} for the
// top-level functions that run on a module of their own, each `make()`
// building (once, at that function's first call) an object holding it.
function lazyEntry(shape, make, PunyError, own) {
  'use strict';
  let api = null;
  const real = () => api || (api = make());
  const made = {};
  const ownApi = (key) => made[key] || (made[key] = own[key]());
  function frozen(value) {
    if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) frozen(value[key]);
      Object.freeze(value);
    }
    return value;
  }
  // `pick(api)`: the object of this level in the real API.
  function level(part, pick) {
    const out = {};
    for (const key of Object.keys(part)) {
      const s = part[key];
      const at = (o) => pick(o)[key];
      if (s === 0 && pick === top && own && Object.prototype.hasOwnProperty.call(own, key))
        out[key] = (...args) => ownApi(key)[key].apply(null, args);
      else if (s === 0) out[key] = (...args) => at(real()).apply(null, args);
      else if (Array.isArray(s)) out[key] = frozen(s[0]);
      else out[key] = Object.freeze(level(s, at));
    }
    return out;
  }
  const top = (o) => o;
  return Object.assign(level(shape, top), { PunyError });
}
