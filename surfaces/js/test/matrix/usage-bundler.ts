// TypeScript's `bundler` resolution (typescript.test.mjs): the "exports"
// "import" condition (NAME.d.ts) without file extensions, as a bundler
// project writes it.
import puny, { toAscii, type IdnaResult, PunyError } from 'puny';
import { toDisplay } from 'puny/display';
import { toAscii as emailToAscii } from 'puny/email';
import { encode } from 'puny/punycode';
import { addFormats } from 'puny/formats';
import 'puny/display-data.js';

const r: IdnaResult = puny.toAsciiResult('bücher.de', { preset: 'url' });
// @ts-expect-error: bestEffort may be null
const wrong: string = r.bestEffort;
// @ts-expect-error: explain traces the UTS #46 presets only
puny.explain('a', { operation: 'toAscii', preset: 'idna2008-lookup' });
// @ts-expect-error: punycode.js's toUnicode takes no options
puny.toUnicode('xn--bcher-kva.de', { preset: 'url' });
try { toAscii('a\u0000'); } catch (e) { if (e instanceof PunyError) console.log(e.code); }
console.log(toDisplay('bücher.de'), emailToAscii('info@bücher.de'), encode('bücher'), typeof addFormats, wrong);
