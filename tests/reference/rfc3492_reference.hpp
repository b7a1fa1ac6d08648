// Reference Bootstring coder for tests only: RFC 3492 section 6's pseudo-code
// transcribed line by line, with no attempt at speed (quadratic, std::u32string
// inserts, the minimum found by rescanning).  Every engine of the library
// (simple, Fenwick, fixed-profile) is checked against it on output and on the
// error kind, offset and code point (tests/reference/, fuzz/
// fuzz_reference_differential.cpp).
//
// The pseudo-code's lines appear as comments, each followed by its code.
// Where the RFC leaves a choice open, the library's documented choices are
// taken, and marked "puny:" below:
//  * "fail on overflow" uses 64-bit unsigned integers, detected with the
//    compiler's checked arithmetic (the engines use other tests: division
//    bounds, 32-bit fast paths, reciprocal tables);
//  * "fail" says which error and where (include/puny/status.hpp);
//  * decoded code points above the profile's max_code_point, and surrogates
//    when the profile rejects them, are errors (decoded_out_of_range);
//  * input code points that the profile does not allow are rejected before
//    anything is encoded (invalid_code_point);
//  * the encoder fails (overflow) where the decoder would: when a digit's
//    weight w * (base - t) passes 2^64 (possible only with tmin = 0);
//  * adapt() with base - tmin == 1: the RFC's loop divides by 1 forever;
//    every threshold is then tmin == tmax whatever the bias, so 0 will do;
//  * appendix A case flags: the case of the digit that ends each integer,
//    and the case of each basic letter.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "puny/bootstring.hpp"
#include "puny/status.hpp"

namespace puny::reference {

using u64 = std::uint64_t;

inline status failure(errc code, std::size_t offset, char32_t code_point = no_code_point) {
  status s;
  s.code = code;
  s.offset = offset;
  s.code_point = code_point;
  return s;
}

// The code point named in an error at input[at]: the byte when ASCII,
// else the well-formed UTF-8 sequence it starts (RFC 3629), or none.
// Written the long way (decode by the bit patterns, then refuse overlong
// forms, surrogates and values past U+10FFFF), not as the engines do it.
inline char32_t code_point_at(std::string_view input, std::size_t at) {
  const auto lead = static_cast<unsigned char>(input[at]);
  if (lead < 0x80) return lead;
  std::size_t length;
  char32_t cp;
  if ((lead & 0xE0) == 0xC0) { length = 2; cp = lead & 0x1F; }
  else if ((lead & 0xF0) == 0xE0) { length = 3; cp = lead & 0x0F; }
  else if ((lead & 0xF8) == 0xF0) { length = 4; cp = lead & 0x07; }
  else return no_code_point;
  if (input.size() - at < length) return no_code_point;
  for (std::size_t i = 1; i < length; ++i) {
    const auto c = static_cast<unsigned char>(input[at + i]);
    if ((c & 0xC0) != 0x80) return no_code_point;
    cp = (cp << 6) | (c & 0x3F);
  }
  const char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < smallest[length] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return no_code_point;
  return cp;
}

// Section 6.1, bias adaptation function.
inline u64 adapt(const bootstring::parameters& p, u64 delta, u64 numpoints, bool firsttime) {
  // if firsttime then let delta = delta div damp
  // else let delta = delta div 2
  if (firsttime)
    delta = delta / p.damp;
  else
    delta = delta / 2;
  // let delta = delta + (delta div numpoints)
  delta = delta + (delta / numpoints);
  // puny: base - tmin == 1 would loop forever (see the header comment).
  if (p.base - p.tmin == 1) return 0;
  // let k = 0
  u64 k = 0;
  // while delta > ((base - tmin) * tmax) div 2 do begin
  while (delta > ((u64{p.base} - p.tmin) * p.tmax) / 2) {
    //   let delta = delta div (base - tmin)
    delta = delta / (p.base - p.tmin);
    //   let k = k + base
    k = k + p.base;
  }
  // return k + (((base - tmin + 1) * delta) div (delta + skew))
  return k + (((u64{p.base} - p.tmin + 1) * delta) / (delta + p.skew));
}

// Section 6.2's and 6.3's threshold:
// let t = tmin if k <= bias {+ tmin}, or tmax if k >= bias + tmax, or k - bias otherwise
inline u64 threshold(const bootstring::parameters& p, u64 k, u64 bias) {
  if (k <= bias) return p.tmin;
  if (k >= bias + p.tmax) return p.tmax;
  return k - bias;
}

inline bool allowed(const bootstring::parameters& p, u64 c) {
  if (c > p.max_code_point) return false;
  return !(p.reject_surrogates && c >= 0xD800 && c <= 0xDFFF);
}

inline bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }

struct decoded {
  std::u32string text;
  std::vector<bool> uppercase;  // appendix A: one flag per code point
  puny::status status;
};

// Section 6.2, decoding procedure.
inline decoded decode(std::string_view input, const bootstring::parameters& p) {
  decoded r;
  std::u32string& output = r.text;
  // let n = initial_n
  u64 n = p.initial_n;
  // let i = 0
  u64 i = 0;
  // let bias = initial_bias
  u64 bias = p.initial_bias;
  // let output = an empty string indexed from 0
  // consume all code points before the last delimiter (if there is one)
  //   and copy them to output, fail on any non-basic code point
  std::size_t in = 0;  // the next input position to consume
  const std::size_t last = input.rfind(p.delimiter);
  if (last != std::string_view::npos) {
    for (; in < last; ++in) {
      const auto c = static_cast<unsigned char>(input[in]);
      // puny: a byte of 0x80 or more is reported as the UTF-8 character it
      // starts (none when it starts no well-formed one).
      if (c >= p.initial_n) {
        r.status = failure(errc::non_basic_before_delimiter, in, code_point_at(input, in));
        return r;
      }
      output.push_back(c);
      r.uppercase.push_back(is_upper(static_cast<char>(c)));
    }
  }
  // if more than zero code points were consumed then consume one more
  //   (which will be the last delimiter)
  if (in > 0) ++in;
  // while the input is not exhausted do begin
  while (in < input.size()) {
    const std::size_t delta_start = in;
    //   let oldi = i
    const u64 oldi = i;
    //   let w = 1
    u64 w = 1;
    bool upper = false;
    //   for k = base to infinity in steps of base do begin
    for (u64 k = p.base;; k += p.base) {
      //     consume a code point, or fail if there was none to consume
      if (in >= input.size()) {
        r.status = failure(errc::truncated_number, input.size());
        return r;
      }
      const auto c = static_cast<unsigned char>(input[in]);
      const std::size_t at = in;
      ++in;
      //     let digit = the code point's digit-value, fail if it has none
      const int digit = c < 0x80 ? p.digit_values[c] : -1;
      if (digit < 0) {
        r.status = failure(errc::invalid_digit, at, code_point_at(input, at));
        return r;
      }
      //     let i = i + digit * w, fail on overflow
      u64 product = 0;
      if (__builtin_mul_overflow(static_cast<u64>(digit), w, &product) ||
          __builtin_add_overflow(i, product, &i)) {
        r.status = failure(errc::overflow, at, c);
        return r;
      }
      //     let t = tmin if k <= bias {+ tmin}, or
      //             tmax if k >= bias + tmax, or k - bias otherwise
      const u64 t = threshold(p, k, bias);
      //     if digit < t then break
      if (static_cast<u64>(digit) < t) {
        upper = is_upper(static_cast<char>(c));
        break;
      }
      //     let w = w * (base - t), fail on overflow
      if (__builtin_mul_overflow(w, p.base - t, &w)) {
        r.status = failure(errc::overflow, at, c);
        return r;
      }
    }
    //   end
    //   let bias = adapt(i - oldi, length(output) + 1, test oldi is 0?)
    bias = adapt(p, i - oldi, output.size() + 1, oldi == 0);
    //   let n = n + i div (length(output) + 1), fail on overflow
    // puny: "overflow" is passing the profile's max_code_point.
    if (__builtin_add_overflow(n, i / (output.size() + 1), &n) || n > p.max_code_point) {
      r.status = failure(errc::decoded_out_of_range, delta_start);
      return r;
    }
    //   let i = i mod (length(output) + 1)
    i = i % (output.size() + 1);
    //   {if n is a basic code point then fail}
    // (n starts at initial_n and never decreases: it cannot be basic.)
    // puny: surrogates are not scalar values.
    if (!allowed(p, n)) {
      r.status = failure(errc::decoded_out_of_range, delta_start, static_cast<char32_t>(n));
      return r;
    }
    //   insert n into output at position i
    output.insert(output.begin() + static_cast<std::ptrdiff_t>(i), static_cast<char32_t>(n));
    r.uppercase.insert(r.uppercase.begin() + static_cast<std::ptrdiff_t>(i), upper);
    //   increment i
    ++i;
  }
  // end
  return r;
}

struct encoded {
  std::string text;
  puny::status status;
};

// Section 6.3, encoding procedure.  `uppercase` is empty or has one flag per
// input code point (appendix A).
inline encoded encode(std::u32string_view input, const bootstring::parameters& p,
                      const std::vector<bool>& uppercase = {}) {
  encoded r;
  std::string& output = r.text;
  const bool flags = !uppercase.empty();
  // puny: every code point must be allowed by the profile.
  for (std::size_t j = 0; j < input.size(); ++j)
    if (!allowed(p, input[j])) {
      r.status = failure(errc::invalid_code_point, j, input[j]);
      return r;
    }
  // let n = initial_n
  u64 n = p.initial_n;
  // let delta = 0
  u64 delta = 0;
  // let bias = initial_bias
  u64 bias = p.initial_bias;
  // let h = b = the number of basic code points in the input
  // copy them to the output in order, followed by a delimiter if b > 0
  u64 b = 0;
  for (std::size_t j = 0; j < input.size(); ++j) {
    if (input[j] < p.initial_n) {
      char c = static_cast<char>(input[j]);
      if (flags && uppercase[j] && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
      if (flags && !uppercase[j] && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      output.push_back(c);
      ++b;
    }
  }
  u64 h = b;
  if (b > 0) output.push_back(p.delimiter);
  // {if the input contains a non-basic code point < n then fail}
  // (n is initial_n here: code points below it are basic by definition.)
  // while h < length(input) do begin
  while (h < input.size()) {
    //   let m = the minimum {non-basic} code point >= n in the input
    u64 m = ~u64{0};
    for (const char32_t c : input)
      if (c >= n && c < m) m = c;
    //   let delta = delta + (m - n) * (h + 1), fail on overflow
    u64 product = 0;
    if (__builtin_mul_overflow(m - n, h + 1, &product) ||
        __builtin_add_overflow(delta, product, &delta)) {
      r.status = failure(errc::overflow, 0);
      return r;
    }
    //   let n = m
    n = m;
    //   for each code point c in the input (in order) do begin
    for (std::size_t j = 0; j < input.size(); ++j) {
      const char32_t c = input[j];
      //     if c < n {or c is basic} then increment delta, fail on overflow
      if (c < n && __builtin_add_overflow(delta, u64{1}, &delta)) {
        r.status = failure(errc::overflow, j, c);
        return r;
      }
      //     if c == n then begin
      if (c == n) {
        //       let q = delta
        u64 q = delta;
        u64 w = 1;  // puny: the weight the decoder will give the next digit
        //       for k = base to infinity in steps of base do begin
        for (u64 k = p.base;; k += p.base) {
          //         let t = tmin if k <= bias {+ tmin}, or
          //                 tmax if k >= bias + tmax, or k - bias otherwise
          const u64 t = threshold(p, k, bias);
          //         if q < t then break
          if (q < t) break;
          //         output the code point for digit t + ((q - t) mod (base - t))
          output.push_back(p.digits[t + ((q - t) % (p.base - t))]);
          //         let q = (q - t) div (base - t)
          q = (q - t) / (p.base - t);
          // puny: the decoder fails when w * (base - t) overflows.
          if (__builtin_mul_overflow(w, p.base - t, &w)) {
            r.status = failure(errc::overflow, j, c);
            return r;
          }
        }
        //       end
        //       output the code point for digit q
        char last = p.digits[q];
        if (flags && uppercase[j] && last >= 'a' && last <= 'z')
          last = static_cast<char>(last - 'a' + 'A');
        output.push_back(last);
        //       let bias = adapt(delta, h + 1, test h equals b?)
        bias = adapt(p, delta, h + 1, h == b);
        //       let delta = 0
        delta = 0;
        //       increment h
        ++h;
      }
      //     end
    }
    //   end
    //   increment delta and n
    ++delta;
    ++n;
  }
  // end
  return r;
}

}  // namespace puny::reference
