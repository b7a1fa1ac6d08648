// The package's CommonJS entries under Bun (ctest wasm.bun, bun.test.mjs):
// require() of the main entry (encode, toAscii, toUnicode), puny/punycode,
// puny/display and puny/email from node_modules/puny.  Prints the same JSON
// object as smoke.mjs.
const puny = require('puny');
const punycode = require('puny/punycode');
const { toDisplay } = require('puny/display');
const email = require('puny/email');

let error = null;
try {
  puny.toAscii('a\u2028b.de');
} catch (e) {
  error = { name: e.name, code: e.code, uts46: e.uts46, offset: e.offset, range: e instanceof RangeError };
}
// One PunyError class across the entries (issue 51).
let sameClass = false;
try {
  email.validate('john@@example.com');
} catch (e) {
  sameClass = e instanceof puny.PunyError;
}
console.log(JSON.stringify({
  runtime: typeof Bun === 'undefined' ? 'node' : 'bun',
  encode: puny.encode('bücher'),
  ascii: puny.toAscii('Bücher.DE'),
  unicode: puny.toUnicode('xn--bcher-kva.de'),
  defaultAscii: puny.toAscii('Bücher.DE'),
  punycode: punycode.decode('3B-ww4c5e180e575a65lsy2b'),
  display: toDisplay('аррӏе.com'),
  email: email.toAscii('info@bücher.de'),
  emailError: email.validateResult('john@@example.com').errors[0]?.code ?? null,
  error,
  sameClass,
}));
