// Compiled with Debian's tsc (--strict --noEmit) against the entry
// points' declarations (dist/puny.d.ts, punycode.d.ts, display.d.ts, email.d.ts, formats.d.ts) by the
// wasm.types test: the declarations must accept this code as written.
import puny, { encode, decode, toASCII, toUnicode, ucs2, toAscii, toAsciiResult, explain,
              PunyError, IdnaResult, PunycodeTrace, IdnaTrace, Preset } from '../dist/puny';
import punycode, { encodeMany, ManyResult } from '../dist/punycode';
import punyDisplay, { DisplayDecision, DisplayFinding, DisplayLabel, DisplayProfile, HuntBrandMatches, HuntIndex, HuntReport, HuntRule } from '../dist/display';

const a: string = encode('bücher') + decode('bcher-kva') + toASCII('mañana.com') + toUnicode('xn--maana-pta.com');
const points: number[] = ucs2.decode('abc');
const back: string = ucs2.encode(points);
const preset: Preset = 'url-strict';
const ascii: string = toAscii('bücher.de', { preset, flags: { checkHyphens: false, transitionalProcessing: true } });
const r: IdnaResult = toAsciiResult('a\u200d.de');
const firstCode: string | undefined = r.errors[0]?.uts46;
const trace: PunycodeTrace = explain('3年B組金八先生');
const deltas: number[] = trace.steps.map((s) => s.delta);
const idnaTrace: IdnaTrace = explain('bücher.de', { operation: 'toAscii', preset: 'uts46' });
// explain traces UTS #46 only: an IDNA2008 preset is a type error, not a
// TypeError at run time (issue 51).
// @ts-expect-error
explain('bücher.de', { operation: 'toAscii', preset: 'idna2008' });
const nested: PunycodeTrace | null = idnaTrace.labels[0].punycode;
try {
  puny.idna.toUnicode('xn--a.de');
} catch (e) {
  if (e instanceof PunyError) {
    const where: number = e.offset;
    const all: number = e.errors.length;
    console.log(where, all, e.bestEffort, e.uts46);
  }
}
console.log(a, back, ascii, firstCode, deltas, nested, puny.version, puny.presets.length);
const many: ManyResult[] = encodeMany(['bücher']);
const label: string = punycode.decode('bcher-kva') + punycode.toASCII('bücher.de');
console.log(many[0].output, label, punyDisplay.toAscii('bücher.de'));
const decision: DisplayDecision = punyDisplay.display('bücher.de', { profile: 'firefox-high' });
const why: (string | null)[] = decision.labels.flatMap((l: DisplayLabel) => l.findings.map((f) => f.similarTo));
const profileNames: DisplayProfile[] = punyDisplay.displayProfiles.map((p) => p.name);
console.log(decision.display, why, profileNames, punyDisplay.toDisplay('a.com'), punyDisplay.skeleton('m'),
            punyDisplay.displayReasons.length);
const alertScore: number = punyDisplay.huntAlertScore;
const hunt: HuntIndex = punyDisplay.huntIndex('paypal.com keywords=wallet', { rules: ['homoglyph', 'skeleton'], minScore: alertScore });
const report: HuntReport = hunt.matches('paypa1.com');
const firstRule: HuntRule | undefined = report.matches[0]?.rule;
const shownAll: boolean | undefined = hunt.matchesMany(['a.com'])[0].verdict?.allShown;
// Why labels stay A-labels (issue 53): the verdict's profile and display()'s findings.
const huntProfile: DisplayProfile | undefined = hunt.matches('xn--pypal-4ve.com').verdict?.profile;
const huntFindings: DisplayFinding[] | undefined = hunt.matches('xn--pypal-4ve.com').verdict?.findings;
const huntSimilar: string | null | undefined = huntFindings?.[0]?.similarTo;
// The core's via rule, reason and triage view (issue 53).
const via: HuntRule | null | undefined = report.matches[0]?.via;
const reason: string | undefined = report.matches[0]?.reason;
const topScore: number = report.score;
const perBrand: HuntBrandMatches[] = report.brands;
const alsoRules: HuntRule[] = perBrand.flatMap((b) => [b.best.rule, ...b.also.map((m) => m.rule)]);
// @ts-expect-error: via may be null
const viaNotNull: HuntRule = report.matches[0].via;
console.log(firstRule, shownAll, hunt.size, punyDisplay.huntRules.map((r) => r.name), via, reason, topScore,
            alsoRules, viaNotNull);
hunt.free();
// puny/email and puny/formats (issue 38).
import punyEmail, { validate, validateResult, EmailAddress, EmailResult, EmailOptions } from '../dist/email';
import punyFormats, { addFormats, formats, FormatChecker } from '../dist/formats';
const emailOptions: EmailOptions = { allowQuotedLocalPart: true, preset: 'idna2008', flags: { checkBidi: true },
                                     displayProfile: 'chromium' };
const address: EmailAddress = validate('info@bücher.de', emailOptions);
const asciiEmail: string | null = address.asciiEmail;
const checked: EmailResult = validateResult('a..b@example.com');
const errorLabel: number | null | undefined = checked.errors[0]?.label;
const emailAscii: string | null = punyEmail.toAscii('ü@example.com');
// @ts-expect-error: toAscii may have no ASCII form
const notNull: string = punyEmail.toAscii('ü@example.com');
// @ts-expect-error: no such option
validate('a@b.c', { allowQuoted: true });
const checker: FormatChecker = formats['idn-email'];
const registry = addFormats({ addFormat: (_name: string, _format: { validate: FormatChecker }) => undefined });
console.log(asciiEmail, errorLabel, emailAscii, notNull, checker(12), registry, punyFormats.hostname('a.b'));
