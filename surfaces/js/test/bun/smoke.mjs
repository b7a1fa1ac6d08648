// The package's ES module entries under Bun (ctest wasm.bun, bun.test.mjs):
// the main entry (encode, toAscii, toUnicode), puny/punycode, puny/display
// and puny/email, imported from node_modules/puny as an application would.
// Prints one JSON object, which bun.test.mjs compares with what Node gives.
import puny, { encode, toAscii, toUnicode } from 'puny';
import punycode from 'puny/punycode';
import { toDisplay } from 'puny/display';
import { toAscii as emailToAscii, validate, validateResult } from 'puny/email';
import { PunyError } from 'puny';

let error = null;
try {
  toAscii('a\u2028b.de');
} catch (e) {
  error = { name: e.name, code: e.code, uts46: e.uts46, offset: e.offset, range: e instanceof RangeError };
}
// One PunyError class across the entries (issue 51).
let sameClass = false;
try {
  validate('john@@example.com');
} catch (e) {
  sameClass = e instanceof PunyError;
}
console.log(JSON.stringify({
  runtime: typeof Bun === 'undefined' ? 'node' : 'bun',
  encode: encode('bücher'),
  ascii: toAscii('Bücher.DE'),
  unicode: toUnicode('xn--bcher-kva.de'),
  defaultAscii: puny.toAscii('Bücher.DE'),
  punycode: punycode.decode('3B-ww4c5e180e575a65lsy2b'),
  display: toDisplay('аррӏе.com'),
  email: emailToAscii('info@bücher.de'),
  emailError: validateResult('john@@example.com').errors[0]?.code ?? null,
  error,
  sameClass,
}));
