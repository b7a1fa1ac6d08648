// puny for JavaScript: the layer every entry point shares, over the
// WebAssembly module (surfaces/js/src/puny_wasm.cpp): errors, the module's buffers,
// and punycode.js's API (encode, decode, toASCII, toUnicode, ucs2, version).
//
// surfaces/js/build.sh places this file after emscripten's glue (which defines
// `Module`) inside one function scope, followed by surfaces/js/lib/api.js and
// surfaces/js/lib/display.js for the larger entry points; it is never loaded on its
// own.  `createPunyCore` receives the ready module (compiled synchronously,
// see surfaces/js/CMakeLists.txt) and returns the public functions (`api`) with the
// helpers the other files build on.
//
// Offsets are always indices into the JavaScript string the caller passed
// (UTF-16 code units), so `input.slice(error.offset)` starts at the culprit.

/* exported createPunyCore */
function createPunyCore(wasm, version) {
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
      if (info.message) this.message = info.message;
    }
  }

  // ---- The module's buffers ----
  // Every export reads the first `n` code units of the module's input buffer
  // and writes into its output buffer.  Their addresses are asked for only
  // when a longer input or output comes (the module moves a buffer only to
  // grow it).

  function fromUnits(heap, at, length) {
    if (length <= 64) {
      // Up to eight code units per String.fromCharCode call: in V8 a call
      // and a concatenation per unit cost two to three times as much for
      // labels (6-16 units), and apply() on a typed array more still.
      let out = '';
      let i = 0;
      for (; i + 8 <= length; i += 8) {
        const p = at + i;
        out += String.fromCharCode(heap[p], heap[p + 1], heap[p + 2], heap[p + 3],
                                   heap[p + 4], heap[p + 5], heap[p + 6], heap[p + 7]);
      }
      if (i + 4 <= length) {
        const p = at + i;
        out += String.fromCharCode(heap[p], heap[p + 1], heap[p + 2], heap[p + 3]);
        i += 4;
      }
      if (i + 2 <= length) {
        out += String.fromCharCode(heap[at + i], heap[at + i + 1]);
        i += 2;
      }
      if (i < length) out += String.fromCharCode(heap[at + i]);
      return out;
    }
    if (length <= 4096) return String.fromCharCode.apply(null, heap.subarray(at, at + length));
    let out = '';
    for (let i = 0; i < length; i += 4096)
      out += String.fromCharCode.apply(null, heap.subarray(at + i, at + Math.min(i + 4096, length)));
    return out;
  }

  let inputCapacity = 0;
  let inputAt = 0;
  let outputCapacity = 0;
  let outputAt = 0;

  // Writes `text` into the input buffer; returns its length.
  function put(text) {
    const n = text.length;
    if (n > inputCapacity) {
      inputCapacity = Math.max(n, 256);
      inputAt = wasm._puny_js_input(inputCapacity) >>> 1;
    }
    const heap = wasm.HEAPU16;  // read after _puny_js_input: memory may have grown
    for (let i = 0; i < n; ++i) heap[inputAt + i] = text.charCodeAt(i);
    return n;
  }

  // The `length` code units a call left in the output buffer.
  function take(length) {
    if (length > outputCapacity) {
      outputAt = wasm._puny_js_output() >>> 1;
      outputCapacity = wasm._puny_js_output_size();
    }
    return fromUnits(wasm.HEAPU16, outputAt, length);  // the call may have grown the memory
  }

  // A call that answers in JSON (traces, detailed results, the registry).
  function json(length) {
    return length < 0 ? null : JSON.parse(take(length));
  }

  function lastError() {
    const n = wasm._puny_js_last_error();
    return n > 0 ? json(n) : null;
  }

  // convert() returns the output (the input string itself when the module
  // says the output equals it), undefined when the module asks for the
  // caller's general path, or null with the error in `failure` (the input
  // string in `failedText`).
  let failure = null;
  let failedText = '';
  function outputOf(length, text) {
    if (length === -2) return text;  // the output is the input
    if (length === -3) return undefined;  // the caller's general path
    if (length < 0) {
      failure = lastError();
      failedText = text;
      return null;
    }
    return take(length);
  }

  function convert(fn, input, bits) {
    const text = typeof input === 'string' ? input : String(input);
    const n = put(text);
    return outputOf(bits === undefined ? fn(n) : fn(bits, n), text);
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

  // ---- Bulk forms: an array in, one {input, output, error} per item ----
  // Nothing is thrown for a bad item (its error is a PunyError, as the
  // single call would throw).  The items cross in batches, one call into
  // the module per batch: joined with U+0000 and written as UTF-8 by
  // TextEncoder.encodeInto, the outputs (UTF-16) read back with one
  // TextDecoder call and one split (see puny_js_*_many in
  // surfaces/js/src/puny_wasm.cpp).  The module leaves to the single call every item
  // it cannot vouch for: a failure (whose error that call records), an item
  // holding U+FFFD (which may have been a lone surrogate that encodeInto
  // replaced), and the whole batch when an item holds U+0000 (the
  // separator: the count comes out wrong, and the module says so).
  const batchItems = 4096;
  const utf8Encoder = new TextEncoder();
  const utf16Decoder = new TextDecoder('utf-16le');  // the module's byte order
  const converted = 0;
  const unchanged = 1;

  function item(input, output, failed) {
    return typeof output === 'string' ? { input, output, error: null }
                                      : { input, output: null, error: failed(String(input)) };
  }

  function many(items, manyFn, single, failed) {
    const list = Array.isArray(items) ? items : Array.from(items);
    const out = new Array(list.length);
    for (let first = 0; first < list.length; first += batchItems) {
      const end = Math.min(first + batchItems, list.length);
      const texts = list.slice(first, end);
      for (let i = 0; i < texts.length; ++i) if (typeof texts[i] !== 'string') texts[i] = String(texts[i]);
      const joined = texts.join('\0') + '\0';
      const room = 3 * joined.length;
      const at = wasm._puny_js_bulk_input(room, texts.length);
      const { written } = utf8Encoder.encodeInto(joined, wasm.HEAPU8.subarray(at, at + room));
      const size = manyFn(texts.length, written);
      if (size < 0) {  // U+0000 in an item: one by one
        for (let i = first; i < end; ++i) out[i] = item(list[i], single(texts[i - first]), failed);
        continue;
      }
      const outputAt = wasm._puny_js_bulk_output();
      const outputs = utf16Decoder.decode(wasm.HEAPU8.subarray(outputAt, outputAt + 2 * size)).split('\0');
      const outcomesAt = wasm._puny_js_outcomes();
      // Copied: converting an item again may grow the memory.
      const outcomes = wasm.HEAPU8.slice(outcomesAt, outcomesAt + texts.length);
      for (let i = first; i < end; ++i) {
        const o = outcomes[i - first];
        const output = o === converted ? outputs[i - first]
          : o === unchanged ? texts[i - first] : single(texts[i - first]);
        out[i] = item(list[i], output, failed);
      }
    }
    return out;
  }

  function encodeMany(labels) {
    return many(labels, wasm._puny_js_encode_many, (text) => convert(wasm._puny_js_encode, text),
                (text) => new PunyError(failure, text));
  }

  function decodeMany(labels) {
    return many(labels, wasm._puny_js_decode_many, decodeText, (text) => new PunyError(failure, text));
  }

  const vocabulary = json(wasm._puny_js_vocabulary());

  return {
    api: {
      // punycode.js
      version,
      encode,
      decode,
      toASCII,
      toUnicode,
      ucs2: Object.freeze(ucs2),
      // puny
      encodeMany,
      decodeMany,
      PunyError,
      unicodeVersion: vocabulary.unicodeVersion,
    },
    // For surfaces/js/lib/api.js and surfaces/js/lib/display.js.
    vocabulary,
    PunyError,
    put,
    take,
    json,
    lastError,
    convert,
    many,
    nonAscii,
    failure: () => failure,
  };
}
