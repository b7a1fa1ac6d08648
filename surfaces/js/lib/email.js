// puny for JavaScript: e-mail addresses (docs/email.md) for the `puny/email`
// and `puny/formats` entry points, over the email module's exports
// (surfaces/js/src/email_exports.cpp) and the shared layer (surfaces/js/lib/core.js).
//
// One call says what an address is, as puny::email::validate does in the
// other surfaces: the same checks (RFC 5321 Mailbox, RFC 5322 name-addr on
// request, RFC 6531/6532 UTF-8), the same fields in camelCase, the errors
// named by the core's error table with offsets into the caller's string.
//
// surfaces/js/build.sh places this file after surfaces/js/lib/core.js in the same
// function scope; it is never loaded on its own.

/* exported createPunyEmail */
function createPunyEmail(wasm, core) {
  'use strict';
  const { PunyError, text: str } = core;

  // The module answers in JSON, UTF-8 (ignoreBOM: an address may begin with
  // U+FEFF's bytes only if quoted, but the text must come back whole).
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
  function answer(length) {
    const at = wasm._puny_js_email_output();
    return JSON.parse(utf8.decode(wasm.HEAPU8.subarray(at, at + length)));
  }

  // The core's registries, never restated here: preset names (with their
  // aliases) and option flags by their index and bit, display profiles.
  const vocabulary = answer(wasm._puny_js_email_vocabulary());
  const presetIndex = new Map(vocabulary.presets.map((name, i) => [name, i]));
  for (const alias of Object.keys(vocabulary.aliases))
    presetIndex.set(alias, presetIndex.get(vocabulary.aliases[alias]));
  // The flags under their field names in camelCase ("use_std3_ascii_rules"
  // is useStd3AsciiRules), as the IDNA functions of `puny` spell them.
  const flagBits = new Map(vocabulary.flags.map(([field, bit]) =>
    [field.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase()), bit]));
  const profileIndex = new Map(vocabulary.displayProfiles.map((name, i) => [name, i]));

  // The switches of puny::email::options: [bit of puny_js_email_validate,
  // default].  The defaults are the library's (email-validator's).
  const switches = {
    allowQuotedLocalPart: [1, false],
    allowAddressLiteral: [2, false],
    allowEmptyLocalPart: [4, false],
    allowDisplayName: [8, false],
    allowSmtputf8: [16, true],
    requireGlobalDomain: [32, true],
    checkLocalPartSecurity: [64, false],
  };
  const usePsl = 128;
  const otherOptions = new Set(['preset', 'flags', 'displayProfile', 'psl']);

  // The Public Suffix List's text as the module last parsed it (null: none
  // yet), so an unchanged list is not sent and parsed again.  A new instance
  // (surfaces/js/lib/load.js renews it after a large call) has none.
  let sentPsl = null;
  const renewed = wasm.renewed;
  wasm.renewed = () => {
    renewed();
    sentPsl = null;
  };

  const lower = (name) => String(name).replace(/[A-Z]/g, (c) => c.toLowerCase());

  // The longest input, as core.js's (2^24 code units): longer is the core's
  // input_too_long at that offset.
  const maxUnits = 1 << 24;

  function put(text) {
    const n = text.length;
    const at = wasm._puny_js_email_input(n) >>> 1;
    const heap = wasm.HEAPU16;  // read after the call: the memory may have grown
    for (let i = 0; i < n; ++i) heap[at + i] = text.charCodeAt(i);
    return n;
  }

  // options -> the arguments of puny_js_email_validate.  An unknown option,
  // preset, flag or profile is a TypeError, as in the IDNA functions.
  function settings(options) {
    const o = options === undefined || options === null ? {} : options;
    if (typeof o !== 'object') throw new TypeError('puny/email: the options must be an object');
    let word = 0;
    for (const name of Object.keys(o)) {
      if (!Object.prototype.hasOwnProperty.call(switches, name) && !otherOptions.has(name))
        throw new TypeError('puny/email: unknown option ' + JSON.stringify(name) + ' (one of ' +
                            Object.keys(switches).concat([...otherOptions]).join(', ') + ')');
    }
    for (const name of Object.keys(switches)) {
      const [bit, byDefault] = switches[name];
      if (o[name] === undefined ? byDefault : o[name]) word |= bit;
    }
    let preset = -1;
    if (o.preset !== undefined && o.preset !== null) {
      const name = lower(o.preset);
      if (!presetIndex.has(name))
        throw new TypeError('puny/email: unknown preset ' + JSON.stringify(o.preset) + ' (one of ' +
                            vocabulary.presets.join(', ') + ')');
      preset = presetIndex.get(name);
    }
    let mask = 0;
    let values = 0;
    for (const name of Object.keys(o.flags || {})) {
      if (!flagBits.has(name))
        throw new TypeError('puny/email: unknown flag ' + JSON.stringify(name) + ' (one of ' +
                            [...flagBits.keys()].join(', ') + ')');
      mask |= flagBits.get(name);
      if (o.flags[name]) values |= flagBits.get(name);
    }
    let profile = -1;
    if (o.displayProfile !== undefined && o.displayProfile !== null) {
      const name = lower(o.displayProfile);
      if (!profileIndex.has(name))
        throw new TypeError('puny/email: unknown display profile ' + JSON.stringify(o.displayProfile) +
                            ' (one of ' + vocabulary.displayProfiles.join(', ') + ')');
      profile = profileIndex.get(name);
    }
    const psl = o.psl === undefined || o.psl === null ? '' : String(o.psl);
    if (profile >= 0 && psl !== '') word |= usePsl;
    return { word, preset, mask, values, profile, psl };
  }

  // A malformed list throws a PunyError (list_syntax, "psl:3: ...").
  function sendPsl(psl, address) {
    if (sentPsl === psl) return;
    sentPsl = null;
    const r = answer(wasm._puny_js_email_psl(put(psl)));
    if (!r.ok) {
      r.error.message = r.message;
      throw new PunyError(r.error, address);
    }
    sentPsl = psl;
  }

  // {ok, value, error} from the module, or input_too_long for a string it
  // cannot take (longer than maxUnits, or out of its memory).
  function check(text, s) {
    if (text.length > maxUnits) {
      wasm._puny_js_too_long(maxUnits);
      return { ok: false, value: null, error: core.lastError() };
    }
    try {
      if (s.word & usePsl) sendPsl(s.psl, text);
      return answer(wasm._puny_js_email_validate(s.word, s.preset, s.mask, s.values, s.profile, put(text)));
    } catch (e) {
      if (e instanceof PunyError) throw e;
      // An abort (out of memory): the instance is already a new one.
      wasm._puny_js_too_long(text.length);
      return { ok: false, value: null, error: core.lastError() };
    }
  }

  // Result form: never throws for a string address (a malformed psl
  // option still throws).  {ok, value: the fields or null, errors: [] or
  // [the error]}, the shape of `puny`'s toAsciiResult.
  function validateResult(address, options) {
    const text = str(address, 'the address');
    const r = check(text, settings(options));
    return { ok: r.ok, value: r.ok ? r.value : null, errors: r.ok ? [] : [r.error] };
  }

  // The fields of a valid address; a PunyError for an invalid one.
  function validate(address, options) {
    const text = str(address, 'the address');
    const r = check(text, settings(options));
    if (!r.ok) throw new PunyError(r.error, text);
    return r.value;
  }

  // The normalized address: local part NFC, domain in U-labels.
  function normalize(address, options) {
    return validate(address, options).normalized;
  }

  // The ASCII form (the domain as A-labels), or null when the local part is
  // not ASCII: a local part is never Punycoded (docs/email.md).
  function toAscii(address, options) {
    return validate(address, options).asciiEmail;
  }

  return {
    validate,
    validateResult,
    normalize,
    toAscii,
    toUnicode: normalize,
    displayProfiles: Object.freeze(vocabulary.displayProfiles.slice()),
  };
}
