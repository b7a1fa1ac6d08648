// Types for the puny npm package's `puny/display` entry point
// (surfaces/js/lib/display.js): everything of the main entry point (puny.d.ts) plus
// display safety (docs/display.md) and UTS #39 skeletons.
import puny from './puny.js';
export * from './puny.js';

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

declare const punyDisplay: typeof puny & {
  display: typeof display;
  toDisplay: typeof toDisplay;
  skeleton: typeof skeleton;
  displayProfiles: typeof displayProfiles;
  displayReasons: typeof displayReasons;
};
export default punyDisplay;
