// puny for JavaScript: UTS #46 / IDNA2008 (toAscii, toUnicode, results,
// presets and flags from the library's registry) and explain, over the
// module's exports (surfaces/js/src/idna_exports.cpp, explain_exports.cpp) and the shared layer
// (surfaces/js/lib/core.js), for the `puny` and `puny/display` entry points.
//
// surfaces/js/build.sh places this file after surfaces/js/lib/core.js in the same function
// scope; it is never loaded on its own.

/* exported createPunyIdna */
function createPunyIdna(wasm, core) {
  'use strict';
  const { PunyError, convert, put, json, nonAscii, text: str } = core;

  // ---- UTS #46 (puny's own) ----

  // The library's one preset registry (puny/presets.hpp), never restated
  // here: the names (and former names) with their option bits.
  const registry = core.vocabulary.presets;
  const presetBits = registry.bits;
  const presets = Object.freeze(registry.list.map((p) => p.name));
  const presetList = Object.freeze(registry.list.map((p) => Object.freeze(p)));
  const presetAliases = Object.freeze(registry.aliases);
  // The flags: the core's registry (puny::option_flags()), each named by
  // its field in camelCase ('use_std3_ascii_rules': useStd3AsciiRules), at
  // its stable bit of the option word, in bit order.
  const flagBits = Object.freeze(Object.fromEntries(registry.flags.map((f) =>
    [f.field.replace(/_([a-z0-9])/g, (m, c) => c.toUpperCase()), f.bit])));

  // {preset, flags} -> the option bits of surfaces/js/src/idna_options.hpp.  Unknown
  // names throw a TypeError rather than being ignored.
  // A-Z to a-z only (registry names are ASCII); non-strings stay as they
  // are and are refused as unknown names below.
  function asciiLower(name) {
    return typeof name === 'string' ? name.replace(/[A-Z]/g, (c) => c.toLowerCase()) : name;
  }

  // The options argument and its flags are objects; anything else is a
  // TypeError that says so (a string was ignored, issue 51: toAscii(x, 'url')
  // ran the uts46 preset).
  function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  }

  function optionBits(options) {
    if (options === undefined || options === null) return presetBits.uts46;
    if (!isObject(options))
      throw new TypeError('puny: the options argument must be an object such as {preset: ' +
                          "'url'}, not " + (Array.isArray(options) ? 'an array' : typeof options) +
                          (typeof options === 'string' ? ' (' + JSON.stringify(options) + ')' : ''));
    // ASCII case is ignored in preset names, as in every surface
    // (puny::parse_preset_spec): 'UTS46-Strict' names uts46-strict.
    const preset = options.preset === undefined ? 'uts46' : asciiLower(options.preset);
    if (!Object.prototype.hasOwnProperty.call(presetBits, preset))
      throw new TypeError('puny: unknown preset ' + JSON.stringify(preset) +
                          ' (one of ' + presets.join(', ') + ')');
    let bits = presetBits[preset];
    const flags = options.flags === undefined || options.flags === null ? {} : options.flags;
    if (!isObject(flags))
      throw new TypeError('puny: options.flags must be an object of booleans such as ' +
                          '{checkBidi: false}, not ' + (Array.isArray(flags) ? 'an array' : typeof flags) +
                          ' (' + JSON.stringify(flags) + ')');
    for (const name of Object.keys(flags)) {
      if (!Object.prototype.hasOwnProperty.call(flagBits, name))
        throw new TypeError('puny: unknown flag ' + JSON.stringify(name) +
                            ' (one of ' + Object.keys(flagBits).join(', ') + ')');
      bits = flags[name] ? bits | flagBits[name] : bits & ~flagBits[name];
    }
    return bits;
  }

  // The flags a preset sets, by name (for the page's controls).
  function presetFlags(preset) {
    const bits = optionBits({ preset });
    const flags = {};
    for (const name of Object.keys(flagBits)) flags[name] = (bits & flagBits[name]) !== 0;
    return flags;
  }

  function result(detailed) {
    return {
      ok: detailed.output !== null,
      value: detailed.output,
      bestEffort: detailed.bestEffort,
      errors: detailed.errors,
      validationErrors: detailed.validationErrors,
    };
  }

  // Never throws for a string input: {ok, value, bestEffort, errors}.
  // {output, bestEffort, errors, validationErrors} of ToASCII / ToUnicode.
  function toAsciiDetailed(text, bits) {
    return json(wasm._puny_js_detailed(bits, 0, put(text)));
  }
  function toUnicodeDetailed(text, bits) {
    return json(wasm._puny_js_detailed(bits, 1, put(text)));
  }

  // A string the module cannot take (longer than core.js's maxUnits, or
  // out of the module's memory, which aborts it: surfaces/js/lib/load.js) is
  // an input_too_long error value here too: the result forms never throw
  // for a string.
  function safely(detailedFn, domain, bits) {
    const text = str(domain);
    try {
      return detailedFn(text, bits);
    } catch (e) {
      // (An abort: input_too_long at the input's end, which is what the
      // module could not hold; the instance is already a new one.)
      if (e instanceof PunyError) return { output: null, bestEffort: null, errors: e.errors, validationErrors: [] };
      wasm._puny_js_too_long(text.length);
      const info = core.lastError();
      return { output: null, bestEffort: null, errors: [info], validationErrors: [] };
    }
  }

  function toAsciiResult(domain, options) {
    return result(safely(toAsciiDetailed, domain, optionBits(options)));
  }

  function toUnicodeResult(domain, options) {
    return result(safely(toUnicodeDetailed, domain, optionBits(options)));
  }

  // Throwing forms: the common case takes the fast path; a failure is
  // converted again to collect every error and the best-effort string.
  function idnaConvert(fn, detailedFn, domain, options) {
    const bits = optionBits(options);
    const text = str(domain);
    const out = convert(fn, text, bits);
    if (out === null) {
      // The error thrown is the first of its `errors`, which are the result
      // forms' (one rule in every form, issue 51: input order, a lone
      // surrogate's invalid_utf16 among the others).
      const all = detailedFn(text, bits);
      const info = all.errors.length > 0 ? all.errors[0] : core.failure();
      throw new PunyError(info, text, { errors: all.errors, bestEffort: all.bestEffort });
    }
    return out;
  }

  function toAscii(domain, options) {
    return idnaConvert(wasm._puny_js_to_ascii, toAsciiDetailed, domain, options);
  }

  function toUnicodeIdna(domain, options) {
    return idnaConvert(wasm._puny_js_to_unicode, toUnicodeDetailed, domain, options);
  }

  // ---- Bulk forms (see many() in surfaces/js/lib/core.js) ----

  // A bulk item's error at this level (issue 45): as core.js's (the fields
  // of the PunyError the single call throws, on a prototype inheriting
  // PunyError's, no Error object), read from the module's error record in
  // place (puny_js_error_record, surfaces/js/src/error_record_export.cpp)
  // rather than as JSON: one prototype per kind of error (code, detail,
  // source) holds the JSON record of that kind, read once, and whether it
  // is a plain Punycode error; the item holds only its own fields.
  const kinds = {};
  const kindOf = Symbol();
  // The item's error record, as PunyError's errors[0].
  const recordOf = (e) => Object.assign({}, e[kindOf][0], { offset: e.offset, label: e.label, codePoint: e.codePoint });
  // (Never constructed: its prototype is the one the kinds inherit.)
  class ItemError extends PunyError {
    get name() { return 'PunyError'; }
    get message() { return core.describe(recordOf(this), this[kindOf][1]); }
    get stack() { return String(this); }  // Error.prototype.toString: name and message
    get errors() { return [recordOf(this)]; }
    get bestEffort() { return null; }
  }

  function itemError(input) {
    // The record's layout is fixed in surfaces/js/src/error_record_export.cpp;
    // read before lastError() may move the memory.
    const at = wasm._puny_js_error_record();
    const bytes = wasm.HEAPU8;
    const words = wasm.HEAP32.subarray(at >>> 2);
    const offset = words[6];
    const label = words[2];
    const codePoint = words[3];
    const source = bytes[at + 28];
    const key = bytes[at] + ',' + bytes[at + 16] + ',' + source;
    const kind = kinds[key] || (kinds[key] = Object.create(ItemError.prototype, {
      [kindOf]: { value: [core.lastError(), source === 1] } }));
    const record = kind[kindOf][0];
    const e = Object.create(kind);
    e.code = record.code;
    e.uts46 = record.uts46 || null;
    e.offset = offset;
    e.label = label;
    e.codePoint = codePoint < 0 ? null : codePoint;
    e.detail = record.detail;
    e.input = input;
    return e;
  }
  core.setItemError(itemError);

  // A failed toAsciiMany / toUnicodeMany item (issue 45): the bulk export
  // records its error, every error and the best-effort output in the pass
  // that found it (record_failure in surfaces/js/src/idna_exports.cpp);
  // each batch's records are copied out once (an Int32Array and one string
  // of best-effort outputs, shared by the batch's items), and an item keeps
  // only its own fields and where its record starts: `errors` and
  // `bestEffort` are built from the record when read, as PunyError's.
  const batchOf = Symbol();
  const startOf = Symbol();
  const bulkKinds = new Map();
  const bestDecoder = new TextDecoder('utf-16le', { ignoreBOM: true });  // the module's byte order
  function bulkKind(packed) {
    let kind = bulkKinds.get(packed);
    if (kind === undefined) {
      kind = Object.create(BulkItemError.prototype, {
        [kindOf]: { value: [json(wasm._puny_js_error_kind(packed)), (packed >>> 16) === 1] } });
      bulkKinds.set(packed, kind);
    }
    return kind;
  }
  // The error record at `at` in `words` (kind, offset, label, code point).
  function errorAt(words, at) {
    return Object.assign({}, bulkKind(words[at])[kindOf][0],
                         { offset: words[at + 1], label: words[at + 2], codePoint: words[at + 3] < 0 ? null : words[at + 3] });
  }
  class BulkItemError extends ItemError {
    get errors() {
      const words = this[batchOf].words;
      const at = this[startOf];
      const out = new Array(words[at + 6]);
      for (let i = 0; i < out.length; ++i) out[i] = errorAt(words, at + 7 + 4 * i);
      return out;
    }
    get bestEffort() {
      const words = this[batchOf].words;
      const at = this[startOf];
      return words[at + 4] < 0 ? null : this[batchOf].best.substr(words[at + 4], words[at + 5]);
    }
    // As JSON, the fields the item had as its own before they were built
    // on access (JSON.stringify of a result is unchanged).
    toJSON() { return Object.assign({}, this, { errors: this.errors, bestEffort: this.bestEffort }); }
  }

  // The options are read once.
  function idnaMany(manyFn, domains, options) {
    const bits = optionBits(options);
    let batch = null;
    let next = 0;  // the next failed item's record
    function batchFn(count) {
      const size = manyFn(bits, count);
      const words = wasm._puny_js_bulk_failures_size();
      if (words > 0) {
        const at = wasm._puny_js_bulk_failures() >>> 2;
        const bestAt = wasm._puny_js_bulk_best();
        const best = wasm._puny_js_bulk_best_size();
        batch = { words: wasm.HEAP32.slice(at, at + words),
                  best: bestDecoder.decode(wasm.HEAPU8.subarray(bestAt, bestAt + 2 * best)) };
        next = 0;
      }
      return size;
    }
    return core.many(domains, batchFn, () => null, (text) => {
      const words = batch.words;
      const at = next;
      next += 7 + 4 * words[at + 6];
      const e = Object.create(bulkKind(words[at]));
      const record = e[kindOf][0];
      e.code = record.code;
      e.uts46 = record.uts46 || null;
      e.offset = words[at + 1];
      e.label = words[at + 2];
      e.codePoint = words[at + 3] < 0 ? null : words[at + 3];
      e.detail = record.detail;
      e.input = text;
      e[batchOf] = batch;
      e[startOf] = at;
      return e;
    });
  }

  function toAsciiMany(domains, options) {
    return idnaMany(wasm._puny_js_to_ascii_many, domains, options);
  }

  function toUnicodeMany(domains, options) {
    return idnaMany(wasm._puny_js_to_unicode_many, domains, options);
  }

  // ---- explain: the algorithm's steps, from the library's own coder ----

  function explainPunycode(text, decoding) {
    return json(wasm._puny_js_explain_punycode(decoding, put(text)));
  }

  // explain(input, {operation: 'encode' | 'decode' | 'toAscii', preset, flags})
  // For toAscii, each label that ToASCII Punycode-encodes also carries the
  // Bootstring trace of that encoding (`punycode`).
  function explain(input, options) {
    if (options !== undefined && options !== null && !isObject(options))
      throw new TypeError('puny: the options argument must be an object such as ' +
                          "{operation: 'toAscii', preset: 'url'}, not " + typeof options);
    const operation = (options && options.operation) || 'encode';
    const text = str(input);
    if (operation === 'encode') return explainPunycode(text, 0);
    if (operation === 'decode') return explainPunycode(text, 1);
    if (operation !== 'toAscii')
      throw new TypeError('puny: unknown explain operation ' + JSON.stringify(operation) +
                          " (one of 'encode', 'decode', 'toAscii')");
    const preset = (options && options.preset) || 'uts46';
    const family = presetList.find((p) => p.name === (presetAliases[preset] || preset));
    if (family && family.family === 'idna2008')
      throw new TypeError('puny: explain traces the UTS #46 presets; ' + JSON.stringify(preset) +
                          ' is IDNA2008 (toAsciiResult gives its verdict)');
    const trace = json(wasm._puny_js_explain_to_ascii(optionBits(options), put(text)));
    if (trace.labels) {
      for (const label of trace.labels) {
        label.punycode = !label.ace && nonAscii.test(label.text)
          ? explainPunycode(label.text, 0)
          : null;
      }
    }
    return trace;
  }

  // ---- punycode.js's domain functions, a whole domain per call ----
  // At this level the module converts the whole domain in one call
  // (puny_js_compat_*, the mapping of core.js's label-by-label functions,
  // which still run when that call fails, for punycode.js's exact error).
  // punycode.js's functions take no options; at this level, where the IDNA
  // functions do, an options argument is refused rather than ignored (issue
  // 51: toUnicode(x, {preset: 'url'}) ran punycode.js's mapping).  Only an
  // object is refused: names.map(toASCII) passes an index, as with
  // punycode.js.
  function noOptions(name, options) {
    if (typeof options === 'object' && options !== null)
      throw new TypeError('puny: ' + name + ' is punycode.js\'s and takes no options; for UTS #46 ' +
                          'with options use puny.idna.' + (name === 'toASCII' ? 'toAscii' : 'toUnicode') +
                          '(domain, options) or ' + (name === 'toASCII' ? 'toAsciiResult' : 'toUnicodeResult'));
  }

  function toASCII(input, options) {
    noOptions('toASCII', options);
    const text = str(input);
    if (!nonAscii.test(text)) return text;
    const out = convert(wasm._puny_js_compat_to_ascii, text);
    return out === null ? core.api.toASCII(text) : out;
  }

  function toUnicode(input, options) {
    noOptions('toUnicode', options);
    const text = str(input);
    if (!nonAscii.test(text) && text.indexOf('xn--') < 0) return text;
    const out = convert(wasm._puny_js_compat_to_unicode, text);
    return out === null ? core.api.toUnicode(text) : out;
  }

  return {
    toASCII,
    toUnicode,
    toAscii,
    toAsciiResult,
    toUnicodeResult,
    toAsciiMany,
    toUnicodeMany,
    idna: Object.freeze({ toAscii, toUnicode: toUnicodeIdna, toAsciiResult, toUnicodeResult }),
    explain,
    presets,
    presetList,
    presetAliases,
    presetFlags,
    flagNames: Object.freeze(Object.keys(flagBits)),
  };
}
