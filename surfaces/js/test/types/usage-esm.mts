// The ES module side of the same check (check.sh, module node16): the
// "import" condition's NAME.d.ts.
import puny, { toAscii, type IdnaResult } from 'puny';
import punycode, { encode, PunyError } from 'puny/punycode';
import { skeleton } from 'puny/display';
import { normalize, type EmailResult } from 'puny/email';
import punyFormats from 'puny/formats';

const r: IdnaResult = puny.toAsciiResult('bücher.de');
// @ts-expect-error
const wrong: string = r.bestEffort;
// @ts-expect-error
const made = new PunyError('x');
const er: EmailResult = punyFormats.email('a@b.c') ? { ok: true, value: null, errors: [] } : { ok: false, value: null, errors: [] };
console.log(normalize('a@B.example'), er, toAscii('bücher.de'), encode('bücher'), punycode.ucs2.encode(new Set([0x62])), skeleton('m'), wrong, made);
