// The ES module side of the same check (check.sh, module node16): the
// "import" condition's NAME.d.ts.
import puny, { toAscii, type IdnaResult } from 'puny';
import punycode, { encode, PunyError } from 'puny/punycode';
import { skeleton } from 'puny/display';

const r: IdnaResult = puny.toAsciiResult('bücher.de');
// @ts-expect-error
const wrong: string = r.bestEffort;
// @ts-expect-error
const made = new PunyError('x');
console.log(toAscii('bücher.de'), encode('bücher'), punycode.ucs2.encode(new Set([0x62])), skeleton('m'), wrong, made);
