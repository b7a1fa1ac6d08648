// puny for JavaScript: display safety (may a name be shown in Unicode?
// docs/display.md) and UTS #39 skeletons, for the `puny/display` entry
// point, over the module's exports (surfaces/js/src/display_exports.cpp) and the shared
// layer (surfaces/js/lib/core.js).
//
// surfaces/js/build.sh places this file after surfaces/js/lib/core.js and surfaces/js/lib/api.js in
// the same function scope; it is never loaded on its own.

/* exported createPunyDisplay */
function createPunyDisplay(wasm, core) {
  'use strict';
  const { PunyError, put, json, take } = core;
  const profileList = core.vocabulary.displayProfiles;
  const profileIndex = new Map(profileList.map((p, i) => [p.name, i]));

  // The lists' text as the module last parsed it (null: not sent yet, or
  // rejected), so an unchanged list is not sent and parsed again.
  const sent = [null, null];
  // A new instance (surfaces/js/lib/load.js renews it after a large call)
  // has no lists: send them again.
  // Its lookalike indexes are gone too (generation: see huntIndex).
  let generation = 0;
  const renewed = wasm.renewed;
  wasm.renewed = () => {
    renewed();
    sent[0] = sent[1] = null;
    ++generation;
  };
  // A malformed list throws a PunyError (code list_syntax, its message
  // "topDomains:3: ...") for the name being decided.
  function sendList(which, text, name) {
    if (sent[which] === text) return;
    sent[which] = null;
    if (wasm._puny_js_display_list(which, put(text)) < 0)
      throw new PunyError(core.lastError(), name);
    sent[which] = text;
  }

  // display(name, {profile = 'chromium', topDomains, psl}) -> decision.
  // topDomains and psl are the lists' text (one domain a line / the Public
  // Suffix List); without psl the last two labels are the registrable part.
  // The profile's index and the name's text, the lists sent (display and
  // toDisplay alike).
  function prepare(name, options) {
    const o = options || {};
    // ASCII case ignored, as puny::display::find_profile_ignoring_case does.
    const profile = o.profile === undefined ? 'chromium' : String(o.profile).replace(/[A-Z]/g, (c) => c.toLowerCase());
    const text = core.text(name);
    if (!profileIndex.has(profile))
      throw new TypeError('puny: unknown display profile ' + JSON.stringify(profile) + ' (one of ' +
                          profileList.map((p) => p.name).join(', ') + ')');
    sendList(0, o.topDomains ? String(o.topDomains) : '', text);
    sendList(1, o.psl ? String(o.psl) : '', text);
    return [profileIndex.get(profile), text];
  }

  function display(name, options) {
    const [profile, text] = prepare(name, options);
    const d = json(wasm._puny_js_display_decide(profile, put(text)));
    if (d === null) throw new PunyError(core.lastError(), text);
    return d;
  }

  // display(name).display without the decision (the core's to_display).
  function toDisplay(name, options) {
    const [profile, text] = prepare(name, options);
    const n = wasm._puny_js_to_display(profile, put(text));
    if (n < 0) throw new PunyError(core.lastError(), text);
    return take(n);
  }

  function skeleton(text) {
    const s = core.text(text);
    const n = wasm._puny_js_skeleton(put(s));
    if (n < 0) throw new PunyError(core.lastError(), s);
    return take(n);
  }

  // ---- Lookalike hunting (docs/hunt.md; surfaces/js/src/hunt_exports.cpp) ----
  const ruleList = core.vocabulary.huntRules;
  const ruleBits = new Map(ruleList.map((r) => [r.name, r.bit]));
  // The native index of each huntIndex object, freed when the object is
  // collected (or at free()).  Handles belong to one instance of the module:
  // after a renewal the object builds its index again from its text.
  const finalizer = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((h) => { if (h.generation === generation) wasm._puny_js_hunt_free(h.handle); })
    : null;

  // huntIndex(brandText, {rules, minScore, profile, psl}) -> {size, matches,
  // matchesMany, free}.  brandText: the brand list (docs/hunt.md, one brand a
  // line, keywords= and allow= fields, '#' comments); rules: rule names (an
  // array or a comma-separated string; default every rule); psl: the Public
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
    const minScore = o.minScore === undefined ? 0 : Number(o.minScore);
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
      sendList(1, psl, text);
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
    display,
    huntIndex,
    huntRules: Object.freeze(ruleList.map((r) => Object.freeze(r))),
    toDisplay,
    skeleton,
    displayProfiles: Object.freeze(profileList.map((p) => Object.freeze(p))),
    displayReasons: Object.freeze(core.vocabulary.displayReasons),
  };
}
