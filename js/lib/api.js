// puny for JavaScript: the public API over the WebAssembly module.
//
// js/build.sh places this file after emscripten's glue (which defines
// `Module`) inside one function scope, then adds an ES module, CommonJS or
// browser-global footer; it is never loaded on its own.  `createPunyApi`
// receives the ready module (compiled synchronously, see js/CMakeLists.txt).
//
// Two APIs share the module:
//  * punycode.js's (encode, decode, toASCII, toUnicode, ucs2, version), a
//    drop-in with the same results on every input punycode.js accepts;
//  * puny's own: UTS #46 toAscii / toUnicode with presets and flags, result
//    objects carrying every error with its code, offset and label, and explain.
//
// Offsets are always indices into the JavaScript string the caller passed
// (UTF-16 code units), so `input.slice(error.offset)` starts at the culprit.

/* exported createPunyApi */
function createPunyApi(wasm, version) {
  'use strict';

  // ---- Errors ----

  function codePointName(cp) {
    return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  }

  function describe(info) {
    let text = info.code;
    if (info.uts46) text += ' (' + info.uts46 + ')';
    text += ' at offset ' + info.offset;
    if (info.codePoint !== null) text += ' (' + codePointName(info.codePoint) + ')';
    return text + ': ' + info.description;
  }

  // Every failure is a PunyError: a RangeError (as punycode.js throws) with
  // the fields of puny::status.
  class PunyError extends RangeError {
    constructor(info, input, extra) {
      super(describe(info));
      this.name = 'PunyError';
      this.code = info.code;                // stable name, e.g. 'invalid_digit'
      this.uts46 = info.uts46 || null;      // 'P4', 'V7', 'C2'... for IDNA errors
      this.offset = info.offset;            // index into `input` (UTF-16 code units)
      this.label = info.label;              // 0-based label index (IDNA)
      this.codePoint = info.codePoint;
      this.detail = info.detail;
      this.input = input;
      this.errors = (extra && extra.errors) || [info];  // every error found (IDNA)
      this.bestEffort = extra ? extra.bestEffort : null;  // UTS #46 output despite errors
      // A malformed list (display's topDomains / psl): "topDomains:3: ...".
      if (extra && extra.message) this.message = extra.message;
    }
  }

  // Runs a conversion on the module's scratch buffers: the input's UTF-16
  // code units are written into wasm memory, the result read back; -1 means
  // failure, recorded for lastError().
  function fromUnits(heap, at, length) {
    if (length <= 4096) return String.fromCharCode.apply(null, heap.subarray(at, at + length));
    let out = '';
    for (let i = 0; i < length; i += 4096)
      out += String.fromCharCode.apply(null, heap.subarray(at + i, at + Math.min(i + 4096, length)));
    return out;
  }

  // The conversions are plain wasm exports (Module._puny_js_*, no embind
  // dispatch): the input's code units go into the module's input buffer and
  // the result is read from its output buffer.  Their addresses are asked
  // for only when a longer input or output comes (the module moves a buffer
  // only to grow it).  convert() returns the output (the input string itself
  // when the module says the output equals it), or null with the error in
  // `failure` (the input string in `failedText`).
  let inputCapacity = 0;
  let inputAt = 0;
  let outputCapacity = 0;
  let outputAt = 0;
  let failure = null;
  let failedText = '';
  function convert(fn, input, bits) {
    const text = typeof input === 'string' ? input : String(input);
    const n = text.length;
    if (n > inputCapacity) {
      inputCapacity = Math.max(n, 256);
      inputAt = wasm._puny_js_input(inputCapacity) >>> 1;
    }
    const heap = wasm.HEAPU16;  // read after _puny_js_input: memory may have grown
    for (let i = 0; i < n; ++i) heap[inputAt + i] = text.charCodeAt(i);
    return outputOf(bits === undefined ? fn(n) : fn(bits, n), text);
  }

  // The output of a call that returned `length` for the input `text`.
  function outputOf(length, text) {
    if (length === -2) return text;  // the output is the input
    if (length === -3) return undefined;  // the caller's general path
    if (length < 0) {
      failure = wasm.lastError();
      failedText = text;
      return null;
    }
    if (length > outputCapacity) {
      outputAt = wasm._puny_js_output() >>> 1;
      outputCapacity = wasm._puny_js_output_size();
    }
    const heap = wasm.HEAPU16;  // the conversion may have grown the memory
    if (length <= 16) {
      let out = '';
      for (let i = 0; i < length; ++i) out += String.fromCharCode(heap[outputAt + i]);
      return out;
    }
    return fromUnits(heap, outputAt, length);
  }

  // ---- Punycode (RFC 3492), one label, no xn-- prefix ----

  function encode(input) {
    const out = convert(wasm._puny_js_encode, input);
    if (out === null) throw new PunyError(failure, failedText);
    return out;
  }

  // An ASCII label (the usual Punycode) is written as bytes, which the
  // module decodes without narrowing it first.
  let asciiCapacity = 0;
  let asciiAt = 0;
  function decodeText(text) {
    const n = text.length;
    if (n > asciiCapacity) {
      asciiCapacity = Math.max(n, 256);
      asciiAt = wasm._puny_js_ascii_input(asciiCapacity);
    }
    const bytes = wasm.HEAPU8;
    for (let i = 0; i < n; ++i) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) return convert(wasm._puny_js_decode, text);
      bytes[asciiAt + i] = c;
    }
    return outputOf(wasm._puny_js_decode_ascii(n), text);
  }

  function decode(input) {
    const out = decodeText(typeof input === 'string' ? input : String(input));
    if (out === null) throw new PunyError(failure, failedText);
    return out;
  }

  // ---- punycode.js's domain functions ----

  // The separators punycode.js (and IDNA2003) treat as dots.
  const separators = /[\x2E\u3002\uFF0E\uFF61]/g;
  const nonAscii = /[^\0-\x7F]/;
  const acePrefix = /^xn--/;

  // Like punycode.js, maps each label and leaves an email address's local
  // part alone.  One difference: the domain is what follows the last '@'
  // (punycode.js keeps only the text between the first and a second '@').
  function mapDomain(input, fn) {
    const text = String(input);
    const at = text.lastIndexOf('@');
    const local = at >= 0 ? text.slice(0, at + 1) : '';
    const domain = at >= 0 ? text.slice(at + 1) : text;
    return local + domain.replace(separators, '.').split('.').map(fn).join('.');
  }

  // An all-ASCII input has no label to encode and no separator to replace
  // (the other dots are not ASCII): toASCII returns it as it is, as
  // punycode.js does; likewise toUnicode when no label can start with xn--.
  // The whole domain is converted in one call to the module when it can
  // (puny_js_compat_*, the same mapping); label by label, as below, when
  // something fails, for punycode.js's error.
  function toASCII(input) {
    const text = String(input);
    if (!nonAscii.test(text)) return text;
    const out = convert(wasm._puny_js_compat_to_ascii, text);
    if (typeof out === 'string') return out;
    return mapDomain(text, (label) => (nonAscii.test(label) ? 'xn--' + encode(label) : label));
  }

  function toUnicode(input) {
    const text = String(input);
    if (!nonAscii.test(text) && text.indexOf('xn--') < 0) return text;
    const out = convert(wasm._puny_js_compat_to_unicode, text);
    if (typeof out === 'string') return out;
    return mapDomain(text, (label) =>
      acePrefix.test(label) ? decode(label.slice(4).toLowerCase()) : label);
  }

  // punycode.ucs2: JavaScript strings <-> arrays of code points.  Like
  // punycode.js, a lone surrogate is kept as its own value.
  const ucs2 = {
    decode(string) {
      const text = String(string);
      const out = [];
      for (let i = 0; i < text.length; ++i) {
        const unit = text.charCodeAt(i);
        if (unit >= 0xD800 && unit <= 0xDBFF && i + 1 < text.length) {
          const next = text.charCodeAt(i + 1);
          if (next >= 0xDC00 && next <= 0xDFFF) {
            out.push(((unit - 0xD800) << 10) + (next - 0xDC00) + 0x10000);
            ++i;
            continue;
          }
        }
        out.push(unit);
      }
      return out;
    },
    encode(codePoints) {
      // In slices: String.fromCodePoint(...array) overflows the stack on
      // long arrays.  Values above U+10FFFF throw a RangeError, as in punycode.js.
      let out = '';
      for (let i = 0; i < codePoints.length; i += 8192)
        out += String.fromCodePoint.apply(null, codePoints.slice(i, i + 8192));
      return out;
    },
  };

  // ---- UTS #46 (puny's own) ----

  // The library's one preset registry (puny/presets.hpp), never restated
  // here: the names (and former names) with their option bits.
  const registry = wasm.presets();
  const presetBits = registry.bits;
  const presets = Object.freeze(registry.list.map((p) => p.name));
  const presetList = Object.freeze(registry.list.map((p) => Object.freeze(p)));
  const presetAliases = Object.freeze(registry.aliases);
  // The flags: puny::idna::options' fields in camelCase (bit order of
  // js/src/puny_wasm.cpp).
  const flagBits = Object.freeze({
    checkHyphens: 1,
    checkBidi: 2,
    checkJoiners: 4,
    useStd3AsciiRules: 8,
    transitionalProcessing: 16,
    verifyDnsLength: 32,
    ignoreInvalidPunycode: 64,
    allowUnderscore: 256,
    forbidDomainCodePoints: 512,
  });

  // {preset, flags} -> the option bits of js/src/puny_wasm.cpp.  Unknown
  // names throw a TypeError rather than being ignored.
  function optionBits(options) {
    if (options === undefined || options === null) return presetBits.uts46;
    const preset = options.preset === undefined ? 'uts46' : options.preset;
    if (!Object.prototype.hasOwnProperty.call(presetBits, preset))
      throw new TypeError('puny: unknown preset ' + JSON.stringify(preset) +
                          ' (one of ' + presets.join(', ') + ')');
    let bits = presetBits[preset];
    const flags = options.flags || {};
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
  function toAsciiResult(domain, options) {
    return result(wasm.toAsciiDetailed(String(domain), optionBits(options)));
  }

  function toUnicodeResult(domain, options) {
    return result(wasm.toUnicodeDetailed(String(domain), optionBits(options)));
  }

  // Throwing forms: the common case takes the fast path; a failure is
  // converted again to collect every error and the best-effort string.
  function idnaConvert(fn, detailedFn, domain, options) {
    const bits = optionBits(options);
    const out = convert(fn, domain, bits);
    if (out === null) {
      const info = failure;
      const text = failedText;
      const all = detailedFn(text, bits);
      throw new PunyError(info, text, { errors: all.errors, bestEffort: all.bestEffort });
    }
    return out;
  }

  function toAscii(domain, options) {
    return idnaConvert(wasm._puny_js_to_ascii, wasm.toAsciiDetailed, domain, options);
  }

  function toUnicodeIdna(domain, options) {
    return idnaConvert(wasm._puny_js_to_unicode, wasm.toUnicodeDetailed, domain, options);
  }

  // ---- Bulk forms: an array in, one {input, output, error} per item ----
  // The options are read once, nothing is thrown for a bad item (its error
  // is a PunyError, as the single call would throw), and no result is built
  // for what the module returns unchanged.  Each item is one call into the
  // module on the fast path above.
  function many(items, run, failed) {
    const list = Array.isArray(items) ? items : Array.from(items);
    const out = new Array(list.length);
    for (let i = 0; i < list.length; ++i) {
      const input = list[i];
      const output = run(typeof input === 'string' ? input : String(input));
      out[i] = typeof output === 'string' ? { input, output, error: null }
                                          : { input, output: null, error: failed(String(input)) };
    }
    return out;
  }

  function idnaMany(fn, detailedFn, domains, options) {
    const bits = optionBits(options);
    return many(domains, (text) => convert(fn, text, bits), (text) => {
      const info = failure;
      const all = detailedFn(text, bits);
      return new PunyError(info, text, { errors: all.errors, bestEffort: all.bestEffort });
    });
  }

  function toAsciiMany(domains, options) {
    return idnaMany(wasm._puny_js_to_ascii, wasm.toAsciiDetailed, domains, options);
  }

  function toUnicodeMany(domains, options) {
    return idnaMany(wasm._puny_js_to_unicode, wasm.toUnicodeDetailed, domains, options);
  }

  function encodeMany(labels) {
    return many(labels, (text) => convert(wasm._puny_js_encode, text), (text) => new PunyError(failure, text));
  }

  function decodeMany(labels) {
    return many(labels, decodeText, (text) => new PunyError(failure, text));
  }

  // ---- explain: the algorithm's steps, from the library's own coder ----

  // explain(input, {operation: 'encode' | 'decode' | 'toAscii', preset, flags})
  // For toAscii, each label that ToASCII Punycode-encodes also carries the
  // Bootstring trace of that encoding (`punycode`).
  function explain(input, options) {
    const operation = (options && options.operation) || 'encode';
    const text = String(input);
    if (operation === 'encode') return wasm.explainEncode(text);
    if (operation === 'decode') return wasm.explainDecode(text);
    if (operation !== 'toAscii')
      throw new TypeError('puny: unknown explain operation ' + JSON.stringify(operation) +
                          " (one of 'encode', 'decode', 'toAscii')");
    const preset = (options && options.preset) || 'uts46';
    const family = presetList.find((p) => p.name === (presetAliases[preset] || preset));
    if (family && family.family === 'idna2008')
      throw new TypeError('puny: explain traces the UTS #46 presets; ' + JSON.stringify(preset) +
                          ' is IDNA2008 (toAsciiResult gives its verdict)');
    const trace = wasm.explainToAscii(text, optionBits(options));
    if (trace.labels) {
      for (const label of trace.labels) {
        label.punycode = !label.ace && nonAscii.test(label.text)
          ? wasm.explainEncode(label.text)
          : null;
      }
    }
    return trace;
  }

  // ---- display safety: may a name be shown in Unicode? (docs/display.md) ----

  const profileList = wasm.displayProfiles ? wasm.displayProfiles() : [];

  // display(name, {profile = 'chromium', topDomains, psl}) -> decision.
  // topDomains and psl are the lists' text (one domain a line / the Public
  // Suffix List); without psl the last two labels are the registrable part.
  function display(name, options) {
    const o = options || {};
    const profile = o.profile === undefined ? 'chromium' : String(o.profile);
    const text = String(name);
    const d = wasm.displayDecide(text, profile, o.topDomains ? String(o.topDomains) : '',
                                 o.psl ? String(o.psl) : '');
    if (d === undefined)
      throw new TypeError('puny: unknown display profile ' + JSON.stringify(profile) + ' (one of ' +
                          profileList.map((p) => p.name).join(', ') + ')');
    if (d === null) {
      const info = wasm.lastError();
      const listMessage = wasm.displayListMessage();
      throw new PunyError(info, text, listMessage ? { message: listMessage } : {});
    }
    return d;
  }

  function toDisplay(name, options) {
    return display(name, options).display;
  }

  function skeleton(text) {
    const s = String(text);
    const out = wasm.skeleton(s);
    if (out === null) throw new PunyError(wasm.lastError(), s);
    return out;
  }

  return Object.freeze({
    // punycode.js
    version,
    encode,
    decode,
    toASCII,
    toUnicode,
    ucs2: Object.freeze(ucs2),
    // puny
    toAscii,
    toAsciiResult,
    toUnicodeResult,
    toAsciiMany,
    toUnicodeMany,
    encodeMany,
    decodeMany,
    idna: Object.freeze({ toAscii, toUnicode: toUnicodeIdna, toAsciiResult, toUnicodeResult }),
    explain,
    presets,
    presetList,
    presetAliases,
    presetFlags,
    flagNames: Object.freeze(Object.keys(flagBits)),
    PunyError,
    unicodeVersion: wasm.unicodeVersion(),
    // display safety
    display,
    toDisplay,
    skeleton,
    displayProfiles: Object.freeze(profileList.map((p) => Object.freeze(p))),
    displayReasons: Object.freeze(wasm.displayReasons ? wasm.displayReasons() : []),
  });
}
