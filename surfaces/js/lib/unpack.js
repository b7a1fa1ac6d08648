// puny for JavaScript: unpacks the WebAssembly binary that surfaces/js/build.sh
// embeds in each entry file, compressed with LZMA (surfaces/js/tools/pack-wasm.py).
//
// Why: the entry files must load synchronously (punycode.js's API is
// synchronous), so the binary travels inside them rather than beside them;
// LZMA makes it about a third smaller than the gzip a server would apply,
// and base64 of compressed bytes costs almost nothing more once gzipped.
// Unpacking takes a few milliseconds, once, when the file is loaded.
//
// The decoder follows the LZMA specification of the LZMA SDK
// (lzma-specification.txt, "The LZMA Decoder"): a range decoder over
// adaptive binary probabilities, literals coded with the previous byte as
// context, matches with lengths and distances, and four recent distances.

/* exported unpackWasm */
function unpackWasm(base64, size, lc, lp, pb) {
  'use strict';
  const text = atob(base64);
  const input = new Uint8Array(text.length);
  for (let i = 0; i < text.length; ++i) input[i] = text.charCodeAt(i);
  const out = new Uint8Array(size);

  // ---- The range decoder ----
  let at = 1;  // the first byte of the stream is always 0
  let range = 0xFFFFFFFF;
  let code = 0;
  for (let i = 0; i < 4; ++i) code = ((code << 8) | input[at++]) >>> 0;

  // Probabilities (of a 0 bit, in 1/2048) in one array, at these offsets.
  const states = 12;
  const isMatch = 0;                       // [state][posState]
  const isRep = isMatch + (states << 4);   // [state]
  const isRepG0 = isRep + states;
  const isRepG1 = isRepG0 + states;
  const isRepG2 = isRepG1 + states;
  const isRep0Long = isRepG2 + states;     // [state][posState]
  const posSlot = isRep0Long + (states << 4);  // [lenState][64]
  const posCoders = posSlot + 4 * 64;      // 1 + 128 - 14 for the middle distances
  const align = posCoders + 115;           // [16]
  const lenCoder = align + 16;             // choice, choice2, low[16][8], mid[16][8], high[256]
  const lenSize = 2 + 16 * 8 * 2 + 256;
  const repLenCoder = lenCoder + lenSize;
  const literals = repLenCoder + lenSize;  // [0x300 << (lc + lp)]
  const probs = new Uint16Array(literals + (0x300 << (lc + lp))).fill(1024);

  function bit(i) {
    const p = probs[i];
    const bound = (range >>> 11) * p;
    let b;
    if (code < bound) {
      range = bound;
      probs[i] = p + ((2048 - p) >>> 5);
      b = 0;
    } else {
      range -= bound;
      code -= bound;
      probs[i] = p - (p >>> 5);
      b = 1;
    }
    if (range < 0x1000000) {
      range = (range * 256) >>> 0;
      code = ((code * 256) + input[at++]) >>> 0;
    }
    return b;
  }

  function tree(base, bits) {
    let m = 1;
    for (let i = 0; i < bits; ++i) m = (m << 1) | bit(base + m);
    return m - (1 << bits);
  }

  function reverseTree(base, bits) {
    let m = 1;
    let symbol = 0;
    for (let i = 0; i < bits; ++i) {
      const b = bit(base + m);
      m = (m << 1) | b;
      symbol |= b << i;
    }
    return symbol;
  }

  function direct(bits) {
    let result = 0;
    for (let i = 0; i < bits; ++i) {
      range >>>= 1;
      let b = 0;
      if (code >= range) {
        code -= range;
        b = 1;
      }
      result = result * 2 + b;
      if (range < 0x1000000) {
        range = (range * 256) >>> 0;
        code = ((code * 256) + input[at++]) >>> 0;
      }
    }
    return result;
  }

  function length(base, posState) {
    if (bit(base) === 0) return tree(base + 2 + posState * 8, 3);
    if (bit(base + 1) === 0) return 8 + tree(base + 2 + 128 + posState * 8, 3);
    return 16 + tree(base + 2 + 256, 8);
  }

  function distance(len) {
    const slot = tree(posSlot + (len < 3 ? len : 3) * 64, 6);
    if (slot < 4) return slot;
    const bits = (slot >>> 1) - 1;
    let dist = (2 | (slot & 1)) * 2 ** bits;
    if (slot < 14) return dist + reverseTree(posCoders + dist - slot, bits);
    dist += direct(bits - 4) * 16;
    return dist + reverseTree(align, 4);
  }

  // ---- The LZMA decoder ----
  const pbMask = (1 << pb) - 1;
  const lpMask = (1 << lp) - 1;
  let state = 0;
  let rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0;
  let pos = 0;
  while (pos < size) {
    const posState = pos & pbMask;
    if (bit(isMatch + (state << 4) + posState) === 0) {
      const previous = pos > 0 ? out[pos - 1] : 0;
      const base = literals + 0x300 * (((pos & lpMask) << lc) + (previous >>> (8 - lc)));
      let symbol = 1;
      if (state >= 7) {  // after a match: the byte at rep0 is context too
        let matchByte = out[pos - rep0 - 1];
        while (symbol < 0x100) {
          const matchBit = (matchByte >>> 7) & 1;
          matchByte <<= 1;
          const b = bit(base + ((1 + matchBit) << 8) + symbol);
          symbol = (symbol << 1) | b;
          if (matchBit !== b) break;
        }
      }
      while (symbol < 0x100) symbol = (symbol << 1) | bit(base + symbol);
      out[pos++] = symbol & 0xFF;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    let len;
    if (bit(isRep + state) === 1) {
      if (pos === 0) throw new Error('puny: corrupt WebAssembly payload');
      if (bit(isRepG0 + state) === 0) {
        if (bit(isRep0Long + (state << 4) + posState) === 0) {  // one byte at rep0
          state = state < 7 ? 9 : 11;
          out[pos] = out[pos - rep0 - 1];
          ++pos;
          continue;
        }
      } else {
        let dist;
        if (bit(isRepG1 + state) === 0) {
          dist = rep1;
        } else {
          if (bit(isRepG2 + state) === 0) {
            dist = rep2;
          } else {
            dist = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      len = length(repLenCoder, posState);
      state = state < 7 ? 8 : 11;
    } else {
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      len = length(lenCoder, posState);
      state = state < 7 ? 7 : 10;
      rep0 = distance(len);
      if (rep0 === 0xFFFFFFFF) break;  // the end marker
      if (rep0 >= pos) throw new Error('puny: corrupt WebAssembly payload');
    }
    for (let n = len + 2; n > 0 && pos < size; --n, ++pos) out[pos] = out[pos - rep0 - 1];
  }
  if (pos !== size) throw new Error('puny: corrupt WebAssembly payload');
  return out;
}
