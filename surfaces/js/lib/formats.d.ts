// Types for the puny npm package's `puny/formats` entry point (surfaces/js/lib/formats.js):
// JSON Schema format checkers for "hostname", "idn-hostname", "email" and
// "idn-email" (docs/email.md, "JSON Schema formats").

/** A format check: true for a valid string and for anything that is not a string. */
export type FormatChecker = (value: unknown) => boolean;

export const version: string;
/** The Unicode version of the library's tables. */
export const unicodeVersion: string;
export const hostname: FormatChecker;
export const idnHostname: FormatChecker;
export const email: FormatChecker;
export const idnEmail: FormatChecker;
/** The four by their JSON Schema names. */
export const formats: Readonly<{
  hostname: FormatChecker;
  'idn-hostname': FormatChecker;
  email: FormatChecker;
  'idn-email': FormatChecker;
}>;
export type FormatName = 'hostname' | 'idn-hostname' | 'email' | 'idn-email';
/** The part of an Ajv instance addFormats uses. */
export interface FormatRegistry {
  addFormat(name: string, format: { type: 'string'; validate: FormatChecker }): unknown;
}
/** Registers the four checkers (or those named) with ajv.addFormat; returns ajv. */
export function addFormats<T extends FormatRegistry>(ajv: T, names?: Iterable<FormatName>): T;
/** Thrown by nothing here; exported as every entry point exports it. */
export class PunyError extends RangeError {
  private constructor();
  readonly name: 'PunyError';
  readonly code: string;
  readonly offset: number;
}

declare const punyFormats: {
  version: typeof version;
  unicodeVersion: typeof unicodeVersion;
  PunyError: typeof PunyError;
  hostname: typeof hostname;
  idnHostname: typeof idnHostname;
  email: typeof email;
  idnEmail: typeof idnEmail;
  formats: typeof formats;
  addFormats: typeof addFormats;
};
export default punyFormats;
