// puny for JavaScript: a module file beside the entry file, read
// synchronously, for the entry points that load a module at their first call
// (puny/display: surfaces/js/lib/display-load.js; puny/email and
// puny/formats: surfaces/js/lib/email-load.js).  The API stays synchronous,
// as the rest of the package is.
//
// surfaces/js/build.sh places this file in the entry file's function scope.

/* exported readBeside */

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
