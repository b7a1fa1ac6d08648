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

/* exported lazyEntry */

// The entry point's object: `shape` (made by surfaces/js/build.sh from the
// real API over the module) gives each name as 0 for a function, [value]
// for data, or an object of functions' shape (ucs2, idna); `make()` builds
// the real API, once, at the first call.
function lazyEntry(shape, make, PunyError) {
  'use strict';
  let api = null;
  const real = () => api || (api = make());
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
      if (s === 0) out[key] = (...args) => at(real()).apply(null, args);
      else if (Array.isArray(s)) out[key] = frozen(s[0]);
      else out[key] = Object.freeze(level(s, at));
    }
    return out;
  }
  return Object.assign(level(shape, (o) => o), { PunyError });
}
