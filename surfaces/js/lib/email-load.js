// puny for JavaScript: the e-mail functions of puny/email and puny/formats,
// over a module loaded at their first call.
//
// Why: the email module (the core's e-mail code, which reaches the display
// and UTS #39 tables: surfaces/js/src/email_exports.cpp) weighs about 150 KB
// packed, against 100 KB gzipped for every entry file a page loads.  So the
// formats entry files carry the main entry point's module (which answers
// hostname and idn-hostname), the email entry files no module at all (their
// version, PunyError and unicodeVersion need none: issue 54), and both load
// the email module, which surfaces/js/build.sh
// writes beside them as email.wasm (one file for both entry points), at the
// first validate, validateResult, normalize, toAscii or toUnicode call, or
// the first email / idn-email check.  The list displayProfiles is written
// into the entry file at build time, so reading it loads nothing.
//
// Where the module comes from, first that applies:
//   1. globalThis.punyEmailPacked, set by email-data.js (the module packed,
//      as a classic script), for a page opened from file://;
//   2. `read()`, which each form of the entry file supplies (readBeside,
//      surfaces/js/lib/read-beside.js, as for display.wasm).
// The API stays synchronous, as the rest of the package is.

/* exported createLazyEmail */
/* global lazyModuleCall, createPunyEmail */

// The e-mail functions (surfaces/js/lib/email.js) over a module loaded at
// their first call.  `profiles`: the display profiles' names, from the
// display module at build time; `read()`: the module's bytes (see above).
function createLazyEmail(version, core, profiles, read) {
  'use strict';
  const call = lazyModuleCall('puny/email', 'email.wasm', 'punyEmailPacked', createPunyEmail, version, core, read);
  return {
    validate(address, options) { return call('validate', [address, options]); },
    validateResult(address, options) { return call('validateResult', [address, options]); },
    normalize(address, options) { return call('normalize', [address, options]); },
    toAscii(address, options) { return call('toAscii', [address, options]); },
    toUnicode(address, options) { return call('toUnicode', [address, options]); },
    displayProfiles: Object.freeze(profiles.slice()),
  };
}
