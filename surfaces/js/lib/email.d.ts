// Types for the puny npm package's `puny/email` entry point (surfaces/js/lib/email.js):
// what an e-mail address is (docs/email.md), in one call.  Offsets are indices
// into the JavaScript string passed in (UTF-16 code units).

/** One error, as puny::status reports it. */
export interface PunyErrorInfo {
  /** Stable name from the core's error table, e.g. "local_part_dot", "missing_at", "disallowed". */
  code: string;
  /** UTS #46 status code ("V7", "B1", ...) for the domain's IDNA errors, else "". */
  uts46: string;
  /** One sentence about this kind of error. */
  description: string;
  /** Index of the offending character in the address. */
  offset: number;
  /** 0-based label index of the domain for its IDNA errors, else null. */
  label: number | null;
  /** The offending code point (0 is U+0000), null when none applies. */
  codePoint: number | null;
  /** Extra detail: Bidi rule 1..6, CONTEXTJ 1 (C1) or 2 (C2). */
  detail: number;
}

/** Thrown by validate, normalize, toAscii and toUnicode: a RangeError. */
export class PunyError extends RangeError {
  /** Made by the library only; catch it and test it with instanceof. */
  private constructor();
  readonly name: 'PunyError';
  readonly code: string;
  readonly uts46: string | null;
  readonly offset: number;
  readonly label: number | null;
  readonly codePoint: number | null;
  readonly detail: number;
  /** The address as given. */
  readonly input: string;
  readonly errors: PunyErrorInfo[];
  readonly bestEffort: string | null;
}

export type EmailPreset = 'uts46' | 'url' | 'url-strict' | 'uts46-strict' | 'idna2008' |
  'idna2008-lookup' | 'uts46-raw' | 'registration' | 'url_strict';
export type EmailDisplayProfile = 'chromium' | 'firefox-moderate' | 'firefox-high' |
  'uts39-highly-restrictive' | 'uts39-moderately-restrictive' | 'ascii-only' | 'firefox';

/** puny::email::options in camelCase; the defaults accept what Python's email-validator does. */
export interface EmailOptions {
  /** "john doe"@example.com (RFC 5321 Quoted-string). Default false. */
  allowQuotedLocalPart?: boolean;
  /** a@[192.0.2.1], a@[IPv6:2001:db8::1] (RFC 5321 section 4.1.3). Default false. */
  allowAddressLiteral?: boolean;
  /** @example.com. Default false. */
  allowEmptyLocalPart?: boolean;
  /** John Doe <john@example.com> (RFC 5322 section 3.4). Default false. */
  allowDisplayName?: boolean;
  /** A non-ASCII local part (RFC 6531). Default true. */
  allowSmtputf8?: boolean;
  /** A dot, a letter-final top-level label, no special-use name. Default true. */
  requireGlobalDomain?: boolean;
  /** The domain policy; default: uts46-strict, then IDNA2008 on the A-labels. */
  preset?: EmailPreset;
  /** UTS #46 flags over the preset (over uts46-strict when no preset is given). */
  flags?: {
    checkHyphens?: boolean;
    checkBidi?: boolean;
    checkJoiners?: boolean;
    useStd3AsciiRules?: boolean;
    transitionalProcessing?: boolean;
    verifyDnsLength?: boolean;
    ignoreInvalidPunycode?: boolean;
    allowUnderscore?: boolean;
    forbidDomainCodePoints?: boolean;
  };
  /** Also decide whether the domain may be shown in Unicode (field display). */
  displayProfile?: EmailDisplayProfile;
  /** The Public Suffix List's text for that decision; without it the last two labels are registrable. */
  psl?: string;
  /** Also check the local part after UTS #39 section 3.3 (fields localPart*). Default false. */
  checkLocalPartSecurity?: boolean;
}

export interface EmailDisplay {
  profile: EmailDisplayProfile;
  /** The domain as the profile shows it. */
  display: string;
  /** Every label shown in Unicode. */
  allShown: boolean;
  findings: { label: string; reason: string; codePoint: number | null }[];
}

/** The parts and forms of a valid address (docs/email.md). */
export interface EmailAddress {
  /** The display name of "Name <addr>", unquoted; "" when none. */
  displayName: string;
  /** NFC when not ASCII (RFC 6532 section 3.1). */
  localPart: string;
  /** U-label form, or the address literal with its brackets. */
  domain: string;
  /** A-label form. */
  asciiDomain: string;
  /** localPart "@" domain. */
  normalized: string;
  /** localPart "@" asciiDomain; null when the local part is not ASCII (never Punycoded). */
  asciiEmail: string | null;
  /** Delivery needs SMTPUTF8 (a non-ASCII local part). */
  smtputf8: boolean;
  addressLiteral: boolean;
  /** With displayProfile (null for an address literal or without it). */
  display: EmailDisplay | null;
  /** With checkLocalPartSecurity, else null. */
  localPartSafe: boolean | null;
  /** The failed rule ("identifier_status", "restriction_level", "mixed_numbers"), else null. */
  localPartRule: string | null;
  localPartCodePoint: number | null;
}

/** Result form: never throws for a string address. */
export interface EmailResult {
  ok: boolean;
  value: EmailAddress | null;
  /** [] when ok, else the error. */
  errors: PunyErrorInfo[];
}

export const version: string;
/** The Unicode version of the library's tables. */
export const unicodeVersion: string;
/** The fields of a valid address; throws PunyError for an invalid one. */
export function validate(address: string, options?: EmailOptions): EmailAddress;
export function validateResult(address: string, options?: EmailOptions): EmailResult;
/** The normalized address (local part NFC, domain in U-labels). Throws PunyError. */
export function normalize(address: string, options?: EmailOptions): string;
/** The same as normalize: the Unicode form. */
export function toUnicode(address: string, options?: EmailOptions): string;
/** The ASCII form (A-label domain), null when the local part is not ASCII. Throws PunyError. */
export function toAscii(address: string, options?: EmailOptions): string | null;
export const displayProfiles: readonly EmailDisplayProfile[];

declare const punyEmail: {
  version: typeof version;
  unicodeVersion: typeof unicodeVersion;
  PunyError: typeof PunyError;
  validate: typeof validate;
  validateResult: typeof validateResult;
  normalize: typeof normalize;
  toUnicode: typeof toUnicode;
  toAscii: typeof toAscii;
  displayProfiles: typeof displayProfiles;
};
export default punyEmail;
