// Types for the puny npm package's `puny/punycode` entry point (surfaces/js/lib/core.js):
// punycode.js's API over puny's Punycode, with located errors.  Offsets are
// indices into the JavaScript string passed in (UTF-16 code units).

/** One error, as puny::status reports it. */
export interface PunyErrorInfo {
  /** Stable name, e.g. "invalid_digit", "disallowed", "bidi". */
  code: string;
  /** UTS #46 status code ("V7", "B1", "C2", ...) of UTS #46 processing, "P4" for a
   * Punycode error, "" for IDNA2008 errors and those with none. */
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
  /** Made by the library only (from the module's error record); catch it
   * and test it with instanceof. */
  private constructor();
  readonly name: 'PunyError';
  readonly code: string;
  /** As PunyErrorInfo.uts46, null for none. */
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
  /** Any iterable of code points (an array, a Set, a generator). */
  encode(codePoints: Iterable<number>): string;
};

/** One item of a bulk call: `output` on success, else `error`. */
export interface ManyResult {
  input: string;
  output: string | null;
  error: PunyError | null;
}
/** Bulk forms: one result per item, nothing thrown for a bad item. */
export function encodeMany(labels: Iterable<string>): ManyResult[];
export function decodeMany(labels: Iterable<string>): ManyResult[];
/** The Unicode version of the library's tables. */
export const unicodeVersion: string;

declare const punycode: {
  version: typeof version;
  encode: typeof encode;
  decode: typeof decode;
  toASCII: typeof toASCII;
  toUnicode: typeof toUnicode;
  ucs2: typeof ucs2;
  encodeMany: typeof encodeMany;
  decodeMany: typeof decodeMany;
  PunyError: typeof PunyError;
  unicodeVersion: typeof unicodeVersion;
};
export default punycode;
