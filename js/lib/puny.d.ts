// Types for the puny npm package (js/lib/api.js).  Offsets are indices into
// the JavaScript string passed in (UTF-16 code units).

/** One error, as puny::status reports it. */
export interface PunyErrorInfo {
  /** Stable name, e.g. "invalid_digit", "disallowed", "bidi". */
  code: string;
  /** UTS #46 status code ("P4", "V7", "B1", "C2", ...) for IDNA calls, else "". */
  uts46: string;
  /** One sentence about this kind of error. */
  description: string;
  /** Index of the offending character (or label start) in the input string. */
  offset: number;
  /** 0-based label index (IDNA calls). */
  label: number;
  /** The offending code point (0 is U+0000), null when none applies. */
  codePoint: number | null;
  /** Extra detail: Bidi rule 1..6, CONTEXTJ 1 (C1) or 2 (C2), 1 = X4_2. */
  detail: number;
}

/** Thrown by every throwing function: a RangeError, as punycode.js throws. */
export class PunyError extends RangeError {
  readonly name: 'PunyError';
  readonly code: string;
  readonly uts46: string | null;
  readonly offset: number;
  readonly label: number;
  readonly codePoint: number | null;
  readonly detail: number;
  /** The input, as the string that was converted. */
  readonly input: string;
  /** Every error found (IDNA), the first one first. */
  readonly errors: PunyErrorInfo[];
  /** UTS #46 output despite the errors (IDNA), else null. */
  readonly bestEffort: string | null;
}

/** The library's preset names (the CLI's --preset), then the former names
 * it still accepts ('registration' = 'uts46-strict', 'url_strict'). */
export type Preset = 'uts46' | 'url' | 'url-strict' | 'uts46-strict' | 'idna2008' |
  'idna2008-lookup' | 'registration' | 'url_strict';

/** UTS #46 processing flags; each overrides the preset's value. */
export interface Flags {
  checkHyphens?: boolean;
  checkBidi?: boolean;
  checkJoiners?: boolean;
  useStd3AsciiRules?: boolean;
  transitionalProcessing?: boolean;
  verifyDnsLength?: boolean;
  ignoreInvalidPunycode?: boolean;
  /** With useStd3AsciiRules, allow '_' too (SRV/DMARC names). */
  allowUnderscore?: boolean;
  /** The URL Standard's forbidden domain code points are errors. */
  forbidDomainCodePoints?: boolean;
}

export interface IdnaOptions {
  /** Default "uts46" (nontransitional, every check but DNS length). */
  preset?: Preset;
  flags?: Flags;
}

/** Result form: never throws for a string input. */
export interface IdnaResult {
  ok: boolean;
  /** The converted domain, null when ok is false. */
  value: string | null;
  /** The UTS #46 processing result even when there are errors (toUnicode
   * with preset 'url': the input itself when there are errors). */
  bestEffort: string;
  errors: PunyErrorInfo[];
  /** Preset 'url': the URL Standard's non-fatal validation errors; they do
   * not change value.  toAsciiResult: its strict ToASCII run's errors;
   * toUnicodeResult: ToUnicode's errors (domain to Unicode never fails on
   * them and returns the input).  Empty otherwise. */
  validationErrors: PunyErrorInfo[];
}

export interface DigitStep {
  value: number;
  threshold: number;
  weight: number;
  character: string;
}

export interface DeltaStep {
  codePoint: number;
  /** Encoder: index in the input; decoder: insertion index i. */
  position: number;
  delta: number;
  /** Bias in force while this delta was coded. */
  bias: number;
  /** Bias after adaptation. */
  newBias: number;
  digits: DigitStep[];
  /** Encoder: how the delta was built (RFC 3492 section 6.3). */
  startsCodePoint?: boolean;
  previousN?: number;
  handled?: number;
  carried?: number;
  smallerBefore?: number;
  /** Decoder: the string after this insertion. */
  textAfter?: string;
}

export interface PunycodeTrace {
  direction: 'encode' | 'decode';
  /** Encoder: the input's code points; decoder: the result's. */
  codePoints: number[];
  basic: string;
  delimiter: string | null;
  steps: DeltaStep[];
  output: string | null;
  error: PunyErrorInfo | null;
}

export interface IdnaTraceLabel {
  text: string;
  ace: boolean;
  decoded: string | null;
  errors: PunyErrorInfo[];
  ascii: string;
  /** The Bootstring trace of this label's encoding, when ToASCII encoded it. */
  punycode: PunycodeTrace | null;
}

export interface IdnaTrace {
  mappings: { offset: number; codePoint: number; status: string; replacement: string }[];
  mapped: string;
  normalized: string;
  labels: IdnaTraceLabel[];
  domainErrors: PunyErrorInfo[];
  output: string | null;
  bestEffort: string;
  errors: PunyErrorInfo[];
  /** Preset 'url': the URL Standard's non-fatal validation errors. */
  validationErrors: PunyErrorInfo[];
  unicodeVersion: string;
  /** Set instead of the rest when the input is not well-formed UTF-16. */
  error?: PunyErrorInfo;
}

// ---- punycode.js API ----
export const version: string;
/** RFC 3492 encode of one label (no xn-- prefix). Throws PunyError. */
export function encode(input: string): string;
/** RFC 3492 decode of one label (no xn-- prefix). Throws PunyError. */
export function decode(input: string): string;
/** punycode.js toASCII: xn-- + encode for each non-ASCII label; email local parts kept. */
export function toASCII(input: string): string;
/** punycode.js toUnicode: decode each xn-- label; email local parts kept. */
export function toUnicode(input: string): string;
export const ucs2: {
  decode(string: string): number[];
  encode(codePoints: readonly number[]): string;
};

// ---- puny ----
/** UTS #46 ToASCII. Throws PunyError (with errors and bestEffort). */
export function toAscii(domain: string, options?: IdnaOptions): string;
export function toAsciiResult(domain: string, options?: IdnaOptions): IdnaResult;
export function toUnicodeResult(domain: string, options?: IdnaOptions): IdnaResult;
export const idna: {
  toAscii(domain: string, options?: IdnaOptions): string;
  /** UTS #46 ToUnicode. Throws PunyError (with errors and bestEffort). */
  toUnicode(domain: string, options?: IdnaOptions): string;
  toAsciiResult(domain: string, options?: IdnaOptions): IdnaResult;
  toUnicodeResult(domain: string, options?: IdnaOptions): IdnaResult;
};
export function explain(input: string, options?: { operation?: 'encode' }): PunycodeTrace;
export function explain(input: string, options: { operation: 'decode' }): PunycodeTrace;
export function explain(input: string, options: IdnaOptions & { operation: 'toAscii' }): IdnaTrace;
/** One item of a bulk call: `output` on success, else `error`. */
export interface ManyResult {
  input: string;
  output: string | null;
  error: PunyError | null;
}
/** Bulk forms: one result per item, nothing thrown for a bad item. */
export function toAsciiMany(domains: Iterable<string>, options?: IdnaOptions): ManyResult[];
export function toUnicodeMany(domains: Iterable<string>, options?: IdnaOptions): ManyResult[];
export function encodeMany(labels: Iterable<string>): ManyResult[];
export function decodeMany(labels: Iterable<string>): ManyResult[];
export const presets: readonly Preset[];
/** Every preset of the registry, with its description and family. */
export const presetList: readonly { readonly name: Preset; readonly description: string;
                                    readonly family: 'uts46' | 'idna2008' }[];
/** Former names, each with the preset it stands for. */
export const presetAliases: Readonly<Record<string, Preset>>;
export function presetFlags(preset: Preset): Required<Flags>;
export const flagNames: readonly (keyof Flags)[];
export const unicodeVersion: string;

// ---- display safety (docs/display.md) ----
export type DisplayProfile = 'chromium' | 'firefox-moderate' | 'firefox-high' |
  'uts39-highly-restrictive' | 'uts39-moderately-restrictive' | 'ascii-only';
export interface DisplayOptions {
  /** Default 'chromium'. */
  profile?: DisplayProfile;
  /** Protected domains, one a line, '#' comments (the text of the file). */
  topDomains?: string;
  /** The Public Suffix List's text; without it the last two labels are registrable. */
  psl?: string;
}
export interface DisplayFinding {
  reason: string;
  message: string;
  /** Index into the input (UTF-16 code units). */
  offset: number;
  label: number;
  /** null when no code point applies (U+0000 is 0). */
  codePoint: number | null;
  step: string;
  similarTo: string | null;
  imitates: number | null;
}
export interface DisplayLabel {
  aLabel: string;
  uLabel: string;
  showUnicode: boolean;
  offset: number;
  findings: DisplayFinding[];
}
export interface DisplayDecision {
  display: string;
  registrableDomain: string | null;
  labels: DisplayLabel[];
}
/** May `name` be shown in Unicode? Throws PunyError for a name that is not valid IDNA or a malformed list. */
export function display(name: string, options?: DisplayOptions): DisplayDecision;
export function toDisplay(name: string, options?: DisplayOptions): string;
/** UTS #39 skeleton. Throws PunyError for a lone surrogate. */
export function skeleton(text: string): string;
export const displayProfiles: readonly { name: DisplayProfile; description: string; source: string }[];
export const displayReasons: readonly string[];

declare const puny: {
  version: typeof version;
  encode: typeof encode;
  decode: typeof decode;
  toASCII: typeof toASCII;
  toUnicode: typeof toUnicode;
  ucs2: typeof ucs2;
  toAscii: typeof toAscii;
  toAsciiResult: typeof toAsciiResult;
  toUnicodeResult: typeof toUnicodeResult;
  toAsciiMany: typeof toAsciiMany;
  toUnicodeMany: typeof toUnicodeMany;
  encodeMany: typeof encodeMany;
  decodeMany: typeof decodeMany;
  idna: typeof idna;
  explain: typeof explain;
  presets: typeof presets;
  presetList: typeof presetList;
  presetAliases: typeof presetAliases;
  presetFlags: typeof presetFlags;
  flagNames: typeof flagNames;
  PunyError: typeof PunyError;
  unicodeVersion: typeof unicodeVersion;
  display: typeof display;
  toDisplay: typeof toDisplay;
  skeleton: typeof skeleton;
  displayProfiles: typeof displayProfiles;
  displayReasons: typeof displayReasons;
};
export default puny;
