// puny for JavaScript: lookalike hunting (docs/hunt.md) for the
// `puny/display` entry point's huntIndex and huntRules, over the hunt
// module's exports (surfaces/js/src/hunt_exports.cpp) and the shared layer
// (surfaces/js/lib/core.js).  The hunt module is the display level with the
// matcher and its common-word table; display verdicts never load it
// (surfaces/js/lib/lazy-entry.js).
//
// surfaces/js/build.sh places this file after surfaces/js/lib/core.js in
// the same function scope; it is never loaded on its own.

/* exported createPunyHunt */
function createPunyHunt(wasm, core) {
  'use strict';
  const { PunyError, put, json } = core;
  const profileList = core.vocabulary.displayProfiles;
  const profileIndex = new Map(profileList.map((p, i) => [p.name, i]));

  // The Public Suffix List's text as the module last parsed it (list 1 of
  // puny_js_display_list; null: not sent yet, or rejected).  A new instance
  // (surfaces/js/lib/load.js renews it after a large call) has no list and
  // no indexes: `generation` counts the instances.
  let sentPsl = null;
  let generation = 0;
  const renewed = wasm.renewed;
  wasm.renewed = () => {
    renewed();
    sentPsl = null;
    ++generation;
  };
  function sendPsl(text, name) {
    if (sentPsl === text) return;
    sentPsl = null;
    if (wasm._puny_js_display_list(1, put(text)) < 0)
      throw new PunyError(core.lastError(), name);
    sentPsl = text;
  }

  const ruleList = core.vocabulary.huntRules;
  // The core's alert threshold (puny::hunt::alert_score): minScore's default.
  const alertScore = core.vocabulary.huntAlertScore;
  const ruleBits = new Map(ruleList.map((r) => [r.name, r.bit]));
  // The native index of each huntIndex object, freed when the object is
  // collected (or at free()).  Handles belong to one instance of the module:
  // after a renewal the object builds its index again from its text.
  const finalizer = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((h) => { if (h.generation === generation) wasm._puny_js_hunt_free(h.handle); })
    : null;

  // huntIndex(brandText, {rules, minScore, profile, psl}) -> {size, matches,
  // matchesMany, free}; a report is {name, verdict: {status, display,
  // allShown, profile, findings} or null, matches: [{brand, rule,
  // offset, length, score, via, reason}], score, brands: [{brand, best,
  // also}]}, the reasons, the top score and the grouping per brand the
  // core's (puny::hunt::reason, by_brand).  brandText: the brand list (docs/hunt.md, one brand a
  // line, keywords= and allow= fields, '#' comments); rules: rule names (an
  // array or a comma-separated string; default every rule); minScore: default
  // huntAlertScore (0 keeps weak evidence too); psl: the Public
  // Suffix List's text (without it the last label is the public suffix).
  // A malformed list throws a PunyError (code list_syntax, "brands:3: ...").
  function huntIndex(brandText, options) {
    const text = core.text(brandText, 'the brand list');
    const o = options || {};
    let mask = 0xFFFFFFFF;
    if (o.rules !== undefined && o.rules !== null) {
      const names = typeof o.rules === 'string' ? o.rules.split(/[\s,]+/).filter((w) => w) : Array.from(o.rules);
      if (names.length > 0) mask = 0;
      for (const name of names) {
        if (!ruleBits.has(name))
          throw new TypeError('puny: unknown lookalike rule ' + JSON.stringify(name) + ' (one of ' +
                              ruleList.map((r) => r.name).join(', ') + ')');
        mask = (mask | (1 << ruleBits.get(name))) >>> 0;
      }
    }
    const minScore = o.minScore === undefined ? alertScore : Number(o.minScore);
    if (!Number.isInteger(minScore)) throw new TypeError('puny: minScore is not an integer');
    const profile = o.profile === undefined ? 'chromium' : String(o.profile).replace(/[A-Z]/g, (c) => c.toLowerCase());
    if (!profileIndex.has(profile))
      throw new TypeError('puny: unknown display profile ' + JSON.stringify(profile) + ' (one of ' +
                          profileList.map((p) => p.name).join(', ') + ')');
    const psl = o.psl ? String(o.psl) : '';
    const native = { handle: 0, generation: -1 };
    let freed = false;
    const self = {};
    function build() {
      sendPsl(psl, text);
      const h = wasm._puny_js_hunt_index(psl ? 1 : 0, put(text));
      if (h < 0) throw new PunyError(core.lastError(), text);
      native.handle = h;
      native.generation = generation;
    }
    function handle() {
      if (freed) throw new TypeError('puny: this lookalike index was freed');
      // A renewal (after a large call, or an abort) happens between calls.
      if (native.generation !== generation) build();
      return native.handle;
    }
    build();
    if (finalizer) finalizer.register(self, native, self);
    function matches(name) {
      const t = core.text(name, 'the name');
      const h = handle();
      const n = put(t);
      const r = json(wasm._puny_js_hunt_match(h, mask, minScore, profileIndex.get(profile), n));
      if (r === null) throw new PunyError(core.lastError(), t);
      // The core's triage view comes as indexes into the matches (best
      // first): each brand's entry holds the same match objects.
      r.brands = r.brands.map(([best, ...also]) => ({
        brand: r.matches[best].brand, best: r.matches[best], also: also.map((i) => r.matches[i]),
      }));
      return r;
    }
    self.size = wasm._puny_js_hunt_size(native.handle);
    self.matches = matches;
    self.matchesMany = (names) => {
      if (names === null || typeof names !== 'object' || typeof names[Symbol.iterator] !== 'function')
        throw new TypeError('puny: the names are not an array');
      const out = [];
      for (const name of names) out.push(matches(name));
      return out;
    };
    self.free = () => {
      if (freed) return;
      freed = true;
      if (finalizer) finalizer.unregister(self);
      if (native.generation === generation) wasm._puny_js_hunt_free(native.handle);
    };
    return self;
  }

  return {
    huntIndex,
    huntRules: Object.freeze(ruleList.map((r) => Object.freeze(r))),
    huntAlertScore: alertScore,
  };
}
