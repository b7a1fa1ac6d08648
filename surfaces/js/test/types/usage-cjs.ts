// Compiled by the wasm.types test (check.sh) as a CommonJS project would:
// `module` node16 / nodenext in a "type": "commonjs" package, and the older
// `moduleResolution` node; the package is resolved as an installed one
// (node_modules/puny), so its "exports" (require: NAME.d.cts) or, under
// moduleResolution node, "types" and "typesVersions" are what is tested.
import puny = require('puny');
import punycode = require('puny/punycode');
import punyDisplay = require('puny/display');
import punyEmail = require('puny/email');
import punyFormats = require('puny/formats');
import type { IdnaResult, PunyErrorInfo } from 'puny';

const ascii: string = puny.toAscii('bücher.de', { preset: 'uts46' });
const label: string = punycode.encode('bücher') + punycode.ucs2.encode(new Set([0x61]));
const shown: string = punyDisplay.toDisplay('bücher.de');
const r: IdnaResult = puny.toAsciiResult('a\u200d.de', { preset: 'idna2008' });
// bestEffort is null under the IDNA2008 presets: a plain string would be wrong.
// @ts-expect-error
const wrong: string = r.bestEffort;
const best: string | null = r.bestEffort;
const first: PunyErrorInfo | undefined = r.errors[0];
// The library makes its errors; the constructor is not the caller's.
// @ts-expect-error
const made = new puny.PunyError('x');
try {
  punycode.decode('ab!');
} catch (e) {
  if (e instanceof punycode.PunyError) console.log(e.offset, e.code);
}
const mailbox: punyEmail.EmailAddress = punyEmail.validate('info@bücher.de');
const valid: boolean = punyFormats.formats.email('a@b.c') && punyFormats.idnHostname('bücher.de');
console.log(ascii, label, shown, wrong, best, first, made, mailbox, valid);
