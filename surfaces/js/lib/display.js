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
  const renewed = wasm.renewed;
  wasm.renewed = () => {
    renewed();
    sent[0] = sent[1] = null;
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

  return {
    display,
    toDisplay,
    skeleton,
    displayProfiles: Object.freeze(profileList.map((p) => Object.freeze(p))),
    displayReasons: Object.freeze(core.vocabulary.displayReasons),
  };
}
