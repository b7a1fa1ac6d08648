// Types for the puny npm package's main entry point (surfaces/js/lib/api.js): the
// `puny/punycode` API (punycode.d.ts) plus UTS #46 / IDNA2008 and explain.
// Offsets are indices into the JavaScript string passed in (UTF-16 code units).
import punycode from './punycode.js';
export * from './punycode.js';
import type { PunyErrorInfo, ManyResult } from './punycode.js';

/** The library's preset names (the CLI's --preset), then the former names
 * it still accepts ('registration' = 'uts46-strict', 'url_strict'). */
export type Preset = 'uts46' | 'url' | 'url-strict' | 'uts46-strict' | 'idna2008' |
  'idna2008-lookup' | 'uts46-raw' | 'registration' | 'url_strict';

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

/** The presets explain() traces: the UTS #46 ones (an IDNA2008 preset's
 * verdict comes from toAsciiResult). */
export type ExplainPreset = Exclude<Preset, 'idna2008' | 'idna2008-lookup'>;

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
   * with preset 'url': the input itself when there are errors); null under
   * the IDNA2008 presets, which have no best-effort form (RFC 5891 checks
   * a name, it does not repair one). */
  bestEffort: string | null;
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
export function explain(input: string, options: { operation: 'toAscii'; preset?: ExplainPreset; flags?: Flags }): IdnaTrace;
/** Bulk forms: one result per item, nothing thrown for a bad item. */
export function toAsciiMany(domains: Iterable<string>, options?: IdnaOptions): ManyResult[];
export function toUnicodeMany(domains: Iterable<string>, options?: IdnaOptions): ManyResult[];
export const presets: readonly Preset[];
/** Every preset of the registry, with its description and family. */
export const presetList: readonly { readonly name: Preset; readonly description: string;
                                    readonly family: 'uts46' | 'idna2008' }[];
/** Former names, each with the preset it stands for. */
export const presetAliases: Readonly<Record<string, Preset>>;
export function presetFlags(preset: Preset): Required<Flags>;
export const flagNames: readonly (keyof Flags)[];

declare const puny: typeof punycode & {
  toAscii: typeof toAscii;
  toAsciiResult: typeof toAsciiResult;
  toUnicodeResult: typeof toUnicodeResult;
  toAsciiMany: typeof toAsciiMany;
  toUnicodeMany: typeof toUnicodeMany;
  idna: typeof idna;
  explain: typeof explain;
  presets: typeof presets;
  presetList: typeof presetList;
  presetAliases: typeof presetAliases;
  presetFlags: typeof presetFlags;
  flagNames: typeof flagNames;
};
export default puny;
