// Types for the puny npm package's `puny/display` entry point
// (surfaces/js/lib/display.js): everything of the main entry point (puny.d.ts) plus
// display safety (docs/display.md), UTS #39 skeletons and lookalike hunting (docs/hunt.md).
import puny from './puny.js';
export * from './puny.js';

// ---- display safety (docs/display.md) ----
export type DisplayProfile = 'chromium' | 'firefox-moderate' | 'firefox-high' |
  'uts39-highly-restrictive' | 'uts39-moderately-restrictive' | 'ascii-only' | 'firefox';
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

// ---- lookalike hunting (docs/hunt.md) ----
export type HuntRule = 'skeleton' | 'homoglyph' | 'insertion' | 'omission' | 'replacement' |
  'repetition' | 'transposition' | 'hyphenation' | 'target_embedding' | 'combo_squatting' |
  'tld_swap' | 'homoglyph_edit' | 'keyboard' | 'vowel_swap' | 'bitsquatting' | 'label_split' |
  'chromium_skeleton';
export interface HuntOptions {
  /** Only these rules (names, or one string of names separated by commas or spaces); default every rule. */
  rules?: readonly HuntRule[] | string;
  /** Matches scoring below are dropped (0..100); default huntAlertScore, the alert threshold; 0 keeps weak evidence too. */
  minScore?: number;
  /** The verdict's display profile; default 'chromium'. */
  profile?: DisplayProfile;
  /** The Public Suffix List's text; without it the last label is the public suffix. */
  psl?: string;
}
export interface HuntMatch {
  /** The brand's registrable name, as in the brand list (Unicode). */
  brand: string;
  rule: HuntRule;
  /** Index into the name (UTF-16 code units) of the labels that matched, and their length. */
  offset: number;
  length: number;
  /** 0..100. */
  score: number;
  /** A combined match's second rule, the one that matched the brand's label inside it (paypa1-login.com: combo_squatting via homoglyph); null for a plain match. */
  via: HuntRule | null;
  /** The library's short English reason (the rule's description, and the via rule's), as `puny hunt --json` gives it. */
  reason: string;
}
/** One brand's matches in a report: the best and the others, highest score first (the same objects as in `matches`). */
export interface HuntBrandMatches {
  brand: string;
  best: HuntMatch;
  also: HuntMatch[];
}
export interface HuntReport {
  /** The name as matched: Unicode labels, lowercase. */
  name: string;
  /** What the display profile shows (status: null, or why the name is not valid IDNA); null when nothing matched (not decided). */
  verdict: {
    status: string | null;
    display: string | null;
    allShown: boolean;
    /** The display profile of the verdict, e.g. 'chromium'. */
    profile: DisplayProfile;
    /** Why labels stay A-labels: the findings of every label not shown, in label order (as display() gives them); [] when all are shown or the name is not valid IDNA. */
    findings: DisplayFinding[];
  } | null;
  matches: HuntMatch[];
  /** The best match's score; 0 when nothing matched. */
  score: number;
  /** One entry per brand matched, the highest best score first (ties: the order first matched). */
  brands: HuntBrandMatches[];
}
export interface HuntIndex {
  /** Brands in the list. */
  readonly size: number;
  /** Every match of one name. Throws PunyError for a lone surrogate. */
  matches(name: string): HuntReport;
  matchesMany(names: Iterable<string>): HuntReport[];
  /** Frees the native index now (else when the object is collected); later calls throw. */
  free(): void;
}
/** An index of a brand list (one registrable name a line, keywords= and allow= fields). Throws PunyError (list_syntax) for a malformed list. */
export function huntIndex(brandText: string, options?: HuntOptions): HuntIndex;
export const huntRules: readonly { name: HuntRule; description: string; bit: number; minBrandLength: number; score: number }[];
/** The core's alert threshold (50): huntIndex's default minScore; matches scoring less are weak evidence (docs/hunt.md). */
export const huntAlertScore: number;

declare const punyDisplay: typeof puny & {
  display: typeof display;
  toDisplay: typeof toDisplay;
  skeleton: typeof skeleton;
  displayProfiles: typeof displayProfiles;
  displayReasons: typeof displayReasons;
  huntIndex: typeof huntIndex;
  huntRules: typeof huntRules;
  huntAlertScore: typeof huntAlertScore;
};
export default punyDisplay;
