// puny for JavaScript: the layer every entry point shares, over the
// WebAssembly module (surfaces/js/src/): errors, the module's buffers,
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
// `shared`: what the package's entry points hold in common within one
// JavaScript realm (surfaces/js/build.sh: globalThis[Symbol.for('puny
// VERSION')]); its PunyError is the class of every entry point's errors,
// ES module, CommonJS and browser forms alike, so that `instanceof` holds
// across them.
function createPunyCore(wasm, version, shared) {
  'use strict';

  // ---- Errors ----

  function codePointName(cp) {
    return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  }

  // The message names the UTS #46 code of an IDNA error only: a plain
  // Punycode error's (P4) stays out of it (`plain`), so that its message
  // reads as it always has, 'invalid_digit at offset 2 (U+0021): ...'.
  function describe(info, plain) {
    let text = info.code;
    if (info.uts46 && !plain) text += ' (' + info.uts46 + ')';
    text += ' at offset ' + info.offset;
    if (info.codePoint !== null) text += ' (' + codePointName(info.codePoint) + ')';
    return text + ': ' + info.description;
  }

  // Every failure is a PunyError: a RangeError (as punycode.js throws) with
  // the fields of puny::status.  `extra`: {errors, bestEffort} of an IDNA
  // call, or 0 for a plain Punycode call's error.
  const PunyError = (shared && shared.PunyError) || class PunyError extends RangeError {
    constructor(info, input, extra) {
      super(describe(info, extra === 0));
      this.name = 'PunyError';
      this.code = info.code;                // stable name, e.g. 'invalid_digit'
      this.uts46 = info.uts46 || null;      // 'V7', 'C2'...; 'P4' for Punycode; null for IDNA2008
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
  };
  if (shared) shared.PunyError = PunyError;
  // No module yet (`wasm` null): the error class alone, for an entry point
  // whose module loads at its first call (puny/display, puny/email:
  // surfaces/js/build.sh).  (apiOnly: folded away in the Punycode-only
  // entry point, which always has its module.)
  if (!apiOnly && !wasm) return { PunyError };

  // A bulk item's error (issue 45): the fields of the PunyError its single
  // call throws, on a prototype that inherits PunyError's (instanceof
  // PunyError and RangeError hold), without an Error object behind it: no
  // stack is captured and no message built until one is read (an Error
  // cost about 5 us and 600 bytes an item).  The module's record is kept
  // (errors[0]) with whether it is a plain Punycode error's.
  const recordOf = Symbol();
  const ItemError = Object.create(PunyError.prototype, {
    name: { value: 'PunyError' },
    message: { get() { return describe(this[recordOf][0], this[recordOf][1]); } },
    stack: { get() { return 'PunyError: ' + this.message; } },
    errors: { get() { return [this[recordOf][0]]; } },
    bestEffort: { value: null, writable: true },
  });

  // The last failed call's error as a bulk item's (an IDNA call's
  // surfaces/js/lib/api.js gives it its own errors and bestEffort).  The IDNA
  // levels replace this with a reader of the module's record in place
  // (surfaces/js/lib/api.js), which reads the JSON once per kind of error:
  // it does not fit the Punycode-only entry point's 10 KB budget.
  function recordError(input, plain) {
    const info = lastError();
    const e = Object.create(ItemError);
    e.code = info.code;
    e.uts46 = info.uts46 || null;
    e.offset = info.offset;
    e.label = info.label;
    e.codePoint = info.codePoint;
    e.detail = info.detail;
    e.input = input;
    e[recordOf] = [info, plain];
    return e;
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
  let asciiCapacity = 0;
  let asciiAt = 0;
  // A new instance (surfaces/js/lib/load.js) has new buffers.
  wasm.renewed = () => { inputCapacity = outputCapacity = asciiCapacity = 0; };

  // The longest input the module is given, in code units: 2^24, so that
  // the memory the conversions need (about 40 bytes a code unit for UTS #46)
  // stays well within the module's 2 GB.  Longer is the core's
  // input_too_long at this offset: thrown by the throwing forms, an error
  // value in the result and bulk forms (docs/javascript.md, "Errors and limits").
  const maxUnits = 1 << 24;
  function tooLong() {
    wasm._puny_js_too_long(maxUnits);
    return lastError();
  }

  // Writes the code units of `text` at heap[at...]; returns their count.
  // (A small function of its own: inlined in the bulk forms' larger
  // function, the loop came out four times slower once it had seen the
  // string representations of several workloads.)
  function putUnits(heap, at, text) {
    const n = text.length;
    for (let i = 0; i < n; ++i) heap[at + i] = text.charCodeAt(i);
    return n;
  }

  // Writes `text` at heap[at...] as bytes; its length, or -1 (and
  // something written) when a code unit is above U+007F.
  function putBytes(heap, at, text) {
    const n = text.length;
    for (let i = 0; i < n; ++i) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) return -1;
      heap[at + i] = c;
    }
    return n;
  }

  // Writes `text` into the input buffer; returns its length.
  function put(text) {
    const n = text.length;
    if (n > inputCapacity) {
      if (n > maxUnits) throw new PunyError(tooLong(), text);
      inputCapacity = Math.max(n, 256);
      inputAt = wasm._puny_js_input(inputCapacity) >>> 1;
    }
    // wasm.HEAPU16 read after _puny_js_input: memory may have grown.
    return putUnits(wasm.HEAPU16, inputAt, text);
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
  // says the output equals it), or null with the error in `failure` (the
  // input string in `failedText`).
  let failure = null;
  let failedText = '';
  let inBulk = false;  // a bulk form's item: its error is read by itemError, not as JSON
  function outputOf(length, text) {
    if (length === -2) return text;  // the output is the input
    if (length < 0) {
      failure = inBulk ? null : lastError();
      failedText = text;
      return null;
    }
    return take(length);
  }

  // The text of a string argument.  Anything else is a TypeError, as in
  // punycode.js (whose functions fail on undefined, null and numbers) and
  // Python's puny, rather than converting 'undefined' or 'null'; a String
  // object counts as its text, as punycode.js reads it.  (Node's
  // url.domainToASCII stringifies, as WebIDL does; docs/javascript.md.)
  function text(value, what) {
    if (typeof value === 'string') return value;
    if (value instanceof String) return String(value);
    throw new TypeError('puny: ' + (what || 'the input') + ' is not a string');
  }

  function convert(fn, input, bits) {
    const t = text(input);
    const n = put(t);
    return outputOf(bits === undefined ? fn(n) : fn(bits, n), t);
  }

  // ---- Punycode (RFC 3492), one label, no xn-- prefix ----

  function encode(input) {
    const out = convert(wasm._puny_js_encode, input);
    if (out === null) throw new PunyError(failure, failedText, 0);
    return out;
  }

  // An ASCII label (the usual Punycode) is written as bytes, which the
  // module decodes without narrowing it first.
  function decodeText(text) {
    const n = text.length;
    if (n > asciiCapacity) {
      if (n > maxUnits) throw new PunyError(tooLong(), text);
      asciiCapacity = Math.max(n, 256);
      asciiAt = wasm._puny_js_ascii_input(asciiCapacity);
    }
    if (putBytes(wasm.HEAPU8, asciiAt, text) < 0) return convert(wasm._puny_js_decode, text);
    return outputOf(wasm._puny_js_decode_ascii(n), text);
  }

  function decode(input) {
    const out = decodeText(text(input));
    if (out === null) throw new PunyError(failure, failedText, 0);
    return out;
  }

  // ---- punycode.js's domain functions ----

  // The separators punycode.js (and IDNA2003) treat as dots.
  const separators = /[\x2E\u3002\uFF0E\uFF61]/g;
  const otherSeparator = /[\u3002\uFF0E\uFF61]/;
  const nonAscii = /[^\0-\x7F]/;
  const acePrefix = /^xn--/;

  // Like punycode.js, maps each label and leaves an email address's local
  // part alone.  One difference: the domain is what follows the last '@'
  // (punycode.js keeps only the text between the first and a second '@').
  // A loop over the labels rather than replace/split/map/join, which cost
  // about as much as the conversions: with it, converting label by label
  // costs 5-15% more than one call into the module for the whole domain
  // (the IDNA levels make that call, surfaces/js/lib/api.js).
  //
  // A label fn returns unchanged (a string equal to it) is not appended by
  // itself: the output takes each run of such labels from `domain` in one
  // slice, before the next label fn changed.  Appending every label and
  // dot made a rope of two nodes a label, all alive until the end, and on
  // a name of millions of labels V8 copied and marked that growing heap
  // in each collection: a toUnicode of 'ü.' x 2^21 took 2.4 times as long
  // as half that (docs/security.md, the scaling table).
  //
  // fn(label) returns the label's output, or null with its error in
  // `failure`, which is thrown with the offset moved into the caller's
  // whole string (`skip`: what fn dropped from the label's front, 'xn--')
  // and the label's index in the domain, as docs/javascript.md promises.
  // (Each separator is one code unit, so indices in `domain` are those of
  // the input after the '@'.)
  function mapDomain(input, fn, skip) {
    const at = input.lastIndexOf('@');
    let domain = at >= 0 ? input.slice(at + 1) : input;
    if (otherSeparator.test(domain)) domain = domain.replace(separators, '.');
    let out = at >= 0 ? input.slice(0, at + 1) : '';
    let kept = 0;  // domain[kept...] is not in `out` yet
    for (let start = 0, label = 0; ; ++label) {
      const end = domain.indexOf('.', start);
      const stop = end < 0 ? domain.length : end;
      const text = domain.slice(start, stop);
      const piece = fn(text);
      if (piece === null) {
        // (failure is this call's own record, parsed from the module's JSON.)
        failure.offset += at + 1 + start + skip;
        failure.label = label;
        throw new PunyError(failure, input, 0);
      }
      if (piece !== text) {
        out += domain.slice(kept, start) + piece;
        kept = stop;
      }
      if (end < 0) return out + domain.slice(kept);
      start = end + 1;
    }
  }

  // An all-ASCII input has no label to encode and no separator to replace
  // (the other dots are not ASCII): toASCII returns it as it is, as
  // punycode.js does; likewise toUnicode when no label can start with xn--.
  function toASCII(input) {
    const t = text(input);
    if (!nonAscii.test(t)) return t;
    return mapDomain(t, (label) => {
      if (!nonAscii.test(label)) return label;
      const out = convert(wasm._puny_js_encode, label);
      return out === null ? null : 'xn--' + out;
    }, 0);
  }

  // Lowercased as punycode.js does (the decoded basic code points come out
  // in lowercase), but only an ASCII label: lowercasing can change the
  // length of other text (U+0130), and a non-ASCII label fails anyway, at
  // an offset that must stay the caller's.
  function toUnicode(input) {
    const t = text(input);
    if (!nonAscii.test(t) && t.indexOf('xn--') < 0) return t;
    return mapDomain(t, (label) => {
      if (!acePrefix.test(label)) return label;
      const rest = label.slice(4);
      return decodeText(nonAscii.test(rest) ? rest : rest.toLowerCase());
    }, 4);
  }

  // punycode.ucs2: JavaScript strings <-> arrays of code points.  Like
  // punycode.js, a lone surrogate is kept as its own value.
  const ucs2 = {
    decode(string) {
      const s = text(string);
      // Sized once (a plain Array: punycode.js returns one), cut to the
      // code points' count at the end: pushing onto a growing array made
      // decoding twice as slow, and slower per element past a few million
      // elements.  At most 2^24 elements at first: V8 allocates a longer
      // Array(n) as a dictionary, several times slower to fill.
      const out = new Array(Math.min(s.length, 1 << 24));
      let n = 0;
      for (let i = 0; i < s.length; ++i) {
        const unit = s.charCodeAt(i);
        if (unit >= 0xD800 && unit <= 0xDBFF && i + 1 < s.length) {
          const next = s.charCodeAt(i + 1);
          if (next >= 0xDC00 && next <= 0xDFFF) {
            out[n++] = ((unit - 0xD800) << 10) + (next - 0xDC00) + 0x10000;
            ++i;
            continue;
          }
        }
        out[n++] = unit;
      }
      // (Only when a pair made it shorter: setting the length costs a
      // short string's decoding a sixth more.)
      if (n < out.length) out.length = n;
      return out;
    },
    encode(codePoints) {
      // In slices: String.fromCodePoint(...array) overflows the stack on
      // long arrays.  Values above U+10FFFF throw a RangeError, as in punycode.js.
      // Any iterable (a Set, a generator), as punycode.js spreads it; not
      // iterable (null, a number) is a TypeError there and here.
      // (An Array is read as it is, not copied first.)
      const list = Array.isArray(codePoints) ? codePoints : [...codePoints];
      let out = '';
      for (let i = 0; i < list.length; i += 8192)
        out += String.fromCodePoint.apply(null, list.slice(i, i + 8192));
      return out;
    },
  };

  // ---- Bulk forms: an array in, one {input, output, error} per item ----
  // Nothing is thrown for a bad item (its error has the PunyError's fields
  // the single call would throw, see itemError).  The items cross in batches, one call into
  // the module per batch: their code units written one after another and
  // their lengths beside them, each item converted by the function its
  // single call uses, all the outputs read with one decoder call (see
  // puny_js_*_many in surfaces/js/src/punycode_exports.cpp).  A Punycode item that
  // fails is converted again by the single call, which records its error;
  // the IDNA forms' records come from the bulk pass itself (`single`
  // returns null, surfaces/js/lib/api.js idnaMany).
  const batchItems = 4096;
  const sameAsInput = -2;  // an item's length after the call: its output is its input
  // ignoreBOM: an output may well begin with U+FEFF, which a decoder would
  // otherwise take for a byte order mark and drop.
  const asciiDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const utf16Decoder = new TextDecoder('utf-16le', { ignoreBOM: true });  // the module's byte order

  // Each item is made by a constructor, not an object literal: V8 tracks
  // where literals are allocated and, seeing that a bulk call's items all
  // survive, starts allocating that literal's objects in the old generation
  // ("pretenuring"), which made each item cost about 140 ns instead of 6
  // after the first few calls.  With Object.prototype as its prototype an
  // item is indistinguishable from a literal {input, output, error}
  // (assert.deepStrictEqual, JSON, constructor === Object).
  function Item(input, output, error) {
    this.input = input;
    this.output = output;
    this.error = error;
  }
  Item.prototype = Object.prototype;

  function item(input, text, output, failed) {
    return typeof output === 'string' ? new Item(input, output, null)
                                      : new Item(input, null, failed(text));
  }

  // A Punycode item's error.
  let itemError = recordError;
  const punycodeFailure = (text) => itemError(text, true);

  // bytesIn: the batch is written as bytes (the decoder's ASCII input), an
  // item with a code unit above U+007F left to its single call.  bytesOut:
  // the module answers in bytes (the encoder's ASCII), else in UTF-16.
  //
  // The argument must be iterable (not a string: its characters are not
  // names) and every item a string: anything else is a TypeError for the
  // whole call, as the single call's (a hole in an array included).
  function many(items, manyFn, single, failed, bytesIn, bytesOut) {
    if (typeof items === 'string') throw new TypeError('puny: a list, not a string');
    // Spread: not iterable (null, a number) is a TypeError.
    const list = Array.isArray(items) ? items : [...items];
    const out = new Array(list.length);
    const texts = new Array(Math.min(batchItems, list.length));
    for (let first = 0; first < list.length; first += batchItems) {
      // An item longer than maxUnits crosses as '' and gets input_too_long
      // below.
      const overlong = [];
      const count = Math.min(batchItems, list.length - first);
      let units = 0;
      for (let i = 0; i < count; ++i) {
        const value = list[first + i];
        let t = typeof value === 'string' ? value : text(value, 'item ' + (first + i));
        if (t.length > maxUnits) {
          overlong.push(first + i);
          t = '';
        }
        texts[i] = t;
        units += t.length;
      }
      const inputAt = wasm._puny_js_bulk_input(units, count);
      const lengthsAt = wasm._puny_js_bulk_lengths() >>> 2;
      let lengths = wasm.HEAP32;
      if (bytesIn) {
        const heap8 = wasm.HEAPU8;
        for (let i = 0, at = inputAt; i < count; ++i) {
          const n = putBytes(heap8, at, texts[i]);
          lengths[lengthsAt + i] = n;
          if (n > 0) at += n;
        }
      } else {
        const heap16 = wasm.HEAPU16;
        for (let i = 0, at = inputAt >>> 1; i < count; ++i) {
          const n = putUnits(heap16, at, texts[i]);
          lengths[lengthsAt + i] = n;
          at += n;
        }
      }
      const size = manyFn(count);
      // An item's single conversion may have moved the output buffer (a
      // long output): ask for its address at the next read, or it reads
      // freed memory (a later call returned another call's text).
      outputCapacity = -1;
      // All the outputs as one string (one decoder call, which costs less
      // than reading each output by itself), each item's a substring.
      let all;
      if (bytesOut) {
        const at = wasm._puny_js_bulk_bytes();
        all = asciiDecoder.decode(wasm.HEAPU8.subarray(at, at + size));
      } else {
        const at = wasm._puny_js_bulk_output();
        all = utf16Decoder.decode(wasm.HEAPU8.subarray(at, at + 2 * size));
      }
      lengths = wasm.HEAP32;  // the call may have grown the memory
      // No caller code runs in the loop, so the flag is back before
      // anything else sees it.
      inBulk = true;
      try {
      for (let i = 0, at = 0; i < count; ++i) {
        const n = lengths[lengthsAt + i];
        let output;
        if (n >= 0) {
          output = all.substring(at, at + n);
          at += n;
        } else if (n === sameAsInput) {
          output = texts[i];
        } else {
          output = single(texts[i]);
          lengths = wasm.HEAP32;  // so may this one
        }
        out[first + i] = item(list[first + i], texts[i], output, failed);
      }
      for (const k of overlong) {
        wasm._puny_js_too_long(maxUnits);
        out[k] = new Item(list[k], null, itemError(text(list[k])));
      }
      } finally {
        inBulk = false;
      }
    }
    return out;
  }

  function encodeMany(labels) {
    return many(labels, wasm._puny_js_encode_many, (text) => convert(wasm._puny_js_encode, text),
                punycodeFailure, false, true);
  }

  function decodeMany(labels) {
    return many(labels, wasm._puny_js_decode_many, decodeText, punycodeFailure, true);
  }

  const vocabulary = json(wasm._puny_js_vocabulary());

  const api = {
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
  };
  // The Punycode-only entry point has no other layer: surfaces/js/build.sh
  // declares `apiOnly` true there (false at the other levels), and the
  // minifier drops the helpers below from it (about 100 B of its 10 KB
  // budget, gzipped).
  if (apiOnly) return { api };
  return {
    api,
    // For surfaces/js/lib/api.js and surfaces/js/lib/display.js.
    vocabulary,
    PunyError,
    put,
    take,
    json,
    lastError,
    convert,
    text,
    many,
    nonAscii,
    failure: () => failure,
    itemError: (input, plain) => itemError(input, plain),
    setItemError: (fn) => { itemError = fn; },
    describe,
  };
}
