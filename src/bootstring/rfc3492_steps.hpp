// Internal: the steps of RFC 3492 (Bootstring) that every engine shares.
// The generic engine (engine.cpp, parameters known at run time) and the
// fixed-profile engine (fixed_engine.hpp, parameters known at compile
// time) both call these; with a compile-time profile the parameters fold
// into constants.  A profile view `Profile` provides:
//   base(), tmin(), tmax(), skew(), damp(), initial_bias(), initial_n(),
//   delimiter(), max_code_point(), reject_surrogates()   the section 4 parameters
//   digit_value(unsigned char c) -> int     the digit value of c, or -1
//   digit_char(u32 d) -> char               the (lower-case) digit d
// runtime_profile below is the view of a `parameters` value,
// constant_profile<P> the view of one known at compile time.
//
// The errors (kind, offset, code point) are part of the contract: the
// reference coder of tests/reference/ and every engine must agree on them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

#include "puny/bootstring.hpp"
#include "puny/status.hpp"

namespace puny::bootstring::detail {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// ---- errors ----

inline status make_error(errc code, std::size_t offset, char32_t code_point = no_code_point) {
  status s;
  s.code = code;
  s.offset = offset;
  s.code_point = code_point;
  return s;
}

// The code point of the character at text[pos] that is not a digit (or not
// basic), so that an error names it whatever its size: an ASCII byte is
// itself; a byte of 0x80 or more is read as the well-formed UTF-8 sequence
// it starts (RFC 3629 section 4, within text[0, size)), and reported as
// none when it starts no such sequence (a stray continuation byte, a
// surrogate, a truncated sequence).  Error path only.
inline char32_t code_point_at(const char* text, std::size_t size, std::size_t pos) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(pos);
  if (lead < 0x80) return lead;
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
  char32_t cp = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    cp = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    cp = lead & 0x0F;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    cp = lead & 0x07;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return no_code_point;
  }
  if (size - pos < length) return no_code_point;
  for (std::size_t i = 1; i < length; ++i) {
    const unsigned char c = byte(pos + i);
    if (i == 1 ? (c < low || c > high) : (c & 0xC0) != 0x80) return no_code_point;
    cp = (cp << 6) | (c & 0x3F);
  }
  return cp;
}

// ---- the view of a run-time parameter set ----

struct runtime_profile {
  const parameters& p;
  u32 base() const { return p.base; }
  u32 tmin() const { return p.tmin; }
  u32 tmax() const { return p.tmax; }
  u32 skew() const { return p.skew; }
  u32 damp() const { return p.damp; }
  u32 initial_bias() const { return p.initial_bias; }
  char32_t initial_n() const { return p.initial_n; }
  char delimiter() const { return p.delimiter; }
  char32_t max_code_point() const { return p.max_code_point; }
  bool reject_surrogates() const { return p.reject_surrogates; }
  int digit_value(unsigned char c) const { return c < 128 ? p.digit_values[c] : -1; }
  char digit_char(u32 d) const { return p.digits[d]; }
  // The code point an error names at text[pos] (code_point_at).
  static char32_t error_code_point(const char* text, std::size_t size, std::size_t pos) {
    return code_point_at(text, size, pos);
  }
};

// The view of a profile known at compile time: its parameters fold into
// constants; the digits are read from P's own arrays.
template <const parameters& P>
struct constant_profile {
  // The parameters themselves, for the steps that specialise on a profile
  // known at compile time (unchecked_digit_count, adapt); a profile derived
  // from this one keeps them.
  static constexpr const parameters& definition = P;
  static constexpr u32 base() { return P.base; }
  static constexpr u32 tmin() { return P.tmin; }
  static constexpr u32 tmax() { return P.tmax; }
  static constexpr u32 skew() { return P.skew; }
  static constexpr u32 damp() { return P.damp; }
  static constexpr u32 initial_bias() { return P.initial_bias; }
  static constexpr char32_t initial_n() { return P.initial_n; }
  static constexpr char delimiter() { return P.delimiter; }
  static constexpr char32_t max_code_point() { return P.max_code_point; }
  static constexpr bool reject_surrogates() { return P.reject_surrogates; }
  static int digit_value(unsigned char c) { return c < 128 ? P.digit_values[c] : -1; }
  static char digit_char(u32 d) { return P.digits[d]; }
  // The code point an error names at text[pos] (code_point_at).  A caller
  // that knows the code point better (the Punycode-only WebAssembly module
  // has its UTF-16 input) may derive a profile that hides this one.
  static char32_t error_code_point(const char* text, std::size_t size, std::size_t pos) {
    return code_point_at(text, size, pos);
  }
};

// Longest input the engines take (the O(n log n) paths index positions with
// 32-bit integers); longer is errc::input_too_long at this offset.
inline constexpr std::size_t max_length = 0xFFFFFFFFu - 1;

// ---- section 6.1: threshold and bias adaptation ----

// The threshold of the digit at position k = base * (j + 1):
// tmin if k <= bias, tmax if k >= bias + tmax, else k - bias.  Written as
// selects, so that compilers emit conditional moves: which case applies
// changes from digit to digit and a branch would mispredict.
constexpr u32 threshold(u64 k, u64 bias, u32 tmin, u32 tmax) {
  const u64 t = k >= bias + tmax ? tmax : k - bias;
  return static_cast<u32>(k <= bias ? tmin : t);
}

// adapt(), first two steps: delta scaled down by damp (first time) or 2,
// then delta / numpoints added.
constexpr u64 adapt_scale(u64 delta, u64 numpoints, bool first_time, u32 damp) {
  delta = first_time ? delta / damp : delta / 2;
  return delta + delta / numpoints;
}

// adapt(), the loop: divides delta by base - tmin until it is at most
// ((base - tmin) * tmax) / 2, and returns k (base per round).  Section 4
// allows tmin = base - 1, where the RFC's loop divides by 1 forever; every
// threshold is then tmin == tmax whatever the bias, so the loop stops and
// any bias will do (encoder and decoder agree, so strings round-trip).
constexpr u64 adapt_rounds(u64& delta, u32 base, u32 tmin, u32 tmax) {
  const u64 divisor = base - tmin;
  if (divisor < 2) {
    delta = 0;
    return 0;
  }
  u64 k = 0;
  while (delta > (divisor * tmax) / 2) {
    delta /= divisor;
    k += base;
  }
  return k;
}

// adapt(), the last term, for a delta the loop left:
// ((base - tmin + 1) * delta) / (delta + skew).
constexpr u32 adapt_tail(u64 delta, u32 base, u32 tmin, u32 skew) {
  return static_cast<u32>(((u64{base} - tmin + 1) * delta) / (delta + skew));
}

// Whether Profile is known at compile time: constant_profile<P>, or a
// profile derived from it (Profile::definition is P).
template <class Profile, class = void>
struct compile_time_profile : std::false_type {};
template <class Profile>
struct compile_time_profile<Profile, std::void_t<decltype(Profile::definition)>> : std::true_type {};

// Section 6.1 adapt(delta, numpoints, firsttime).  Cannot overflow: delta
// only shrinks and the result is below base * 64 + base.  For a profile
// known at compile time and operands below 2^32 (every string of up to 4 GB
// but hostile ones), in 32-bit arithmetic: the same result, and on targets
// without a 64-bit high multiply (WebAssembly) the divisions by damp and
// base - tmin become multiplications instead of 64-bit divisions, and the
// other two 32-bit ones (the Punycode-only JavaScript module's decoder,
// surfaces/js/bench).
template <class Profile>
constexpr u32 adapt(const Profile& p, u64 delta, u64 numpoints, bool first_time) {
  if constexpr (compile_time_profile<Profile>::value) {
    constexpr const parameters& P = Profile::definition;
    static_assert(P.base - P.tmin >= 2, "see adapt_rounds");
    static_assert(u64{P.base - P.tmin + 1} * ((P.base - P.tmin) * u64{P.tmax} / 2) <= 0xFFFFFFFFu,
                  "adapt_tail's product fits in 32 bits");
    if (delta <= 0xFFFFFFFFu && numpoints <= 0xFFFFFFFFu) {
      u32 d = static_cast<u32>(delta);
      d = first_time ? d / P.damp : d / 2;
      d += d / static_cast<u32>(numpoints);
      u32 k = 0;
      while (d > ((P.base - P.tmin) * P.tmax) / 2) {
        d /= P.base - P.tmin;
        k += P.base;
      }
      return k + ((P.base - P.tmin + 1) * d) / (d + P.skew);
    }
  }
  delta = adapt_scale(delta, numpoints, first_time, p.damp());
  const u64 k = adapt_rounds(delta, p.base(), p.tmin(), p.tmax());
  return static_cast<u32>(k + adapt_tail(delta, p.base(), p.tmin(), p.skew()));
}

// ---- section 6.4: overflow checks of the digit loops ----

// Digits per integer a decoder can read without overflow checks.  At the
// start of an integer i <= `start` (it is index + 1 of the previous
// insertion: below 2^32 for any input the engines take), each digit adds at
// most (base - 1) * w, and each w is the previous times at most base - tmin:
// the first J digits keep i and w below 2^64 for the J computed here.
constexpr u32 unchecked_digits(u64 start, u32 base, u32 tmin) {
  const u64 max = ~u64{0};
  u64 i = start;
  u64 w = 1;
  u32 j = 0;
  for (;;) {
    if (w > (max - i) / (base - 1)) return j;
    i += (base - 1) * w;
    if (w > max / (base - tmin)) return j;
    w *= base - tmin;
    ++j;
  }
}

// How many digits of each integer parse_deltas() reads unchecked: for a
// profile known at compile time, as many as cannot overflow with any index
// below 2^32; for one known at run time, none.
// (A profile derived from constant_profile counts as one: the
// Punycode-only WebAssembly module's, surfaces/js/src/puny_wasm.cpp.)
template <class Profile, class = void>
struct unchecked_digit_count {
  static constexpr u32 value = 0;
};
template <class Profile>
struct unchecked_digit_count<Profile, std::void_t<decltype(Profile::definition)>> {
  static constexpr u32 value =
      unchecked_digits(u64{1} << 32, Profile::definition.base, Profile::definition.tmin);
};

// i += d * w, false when it would pass 2^64.
inline bool add_digit(u64& i, u64 d, u64 w) {
  if (d > (~u64{0} - i) / w) return false;
  i += d * w;
  return true;
}

// w *= factor, false when it would pass 2^64.  The encoder checks it too:
// it does not write a digit whose weight the decoder cannot represent.
inline bool scale_weight(u64& w, u64 factor) {
  if (w > ~u64{0} / factor) return false;
  w *= factor;
  return true;
}

// ---- section 6.2 ----

// The last `c` in text[0, size), or null.  glibc's memrchr searches from
// the end; elsewhere, memchr until there is no later one.
inline const char* find_last(const char* text, char c, std::size_t size) {
#if defined(__GLIBC__)
  return static_cast<const char*>(memrchr(text, c, size));
#else
  const char* last = nullptr;
  const char* const end = text + size;
  for (const char* p = text; p < end; ++p) {
    p = static_cast<const char*>(std::memchr(p, c, static_cast<std::size_t>(end - p)));
    if (p == nullptr) break;
    last = p;
  }
  return last;
#endif
}

// Copies text[0, size) to out and returns one past the position of the
// last `c` in it (0: there is none): count_basic's search and the
// decoder's copy of its input in one pass, inline.  For a DNS label (a few
// to 63 bytes) the two library calls it replaces cost more than the bytes:
// a word at a time, each word's matching bytes found exactly (no borrow
// between bytes, so the highest flag is a real match).
inline std::size_t copy_find_last(const char* text, std::size_t size, char* out, char c) {
  constexpr std::uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
  const std::uint64_t pattern = 0x0101010101010101ull * static_cast<unsigned char>(c);
  // One past the last byte of the 8 at `at` that equals c, or `found`.
  const auto word = [&](std::size_t at, std::size_t found) {
    std::uint64_t w;
    std::memcpy(&w, text + at, 8);
    std::memcpy(out + at, &w, 8);
    const std::uint64_t x = w ^ pattern;  // zero bytes where c is
    const std::uint64_t zero = ~(((x & low7) + low7) | x | low7);
    if (zero == 0) return found;
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return at + (63 - static_cast<unsigned>(__builtin_clzll(zero))) / 8 + 1;
#else
    for (std::size_t k = 8; k-- > 0;)  // other compilers and byte orders: bytewise
      if (out[at + k] == c) return at + k + 1;
    return found;
#endif
  };
  std::size_t found = 0;
  if (size < 8) {
    for (std::size_t j = 0; j < size; ++j) {
      out[j] = text[j];
      if (text[j] == c) found = j + 1;
    }
    return found;
  }
  std::size_t j = 0;
  for (; j + 8 <= size; j += 8) found = word(j, found);
  // The last 8 bytes again, overlapping what was done: a match there is
  // the last one if there is any in them.
  if (j < size) {
    const std::size_t tail = word(size - 8, 0);
    if (tail != 0) found = tail;
  }
  return found;
}

// First step: the code points before the last delimiter are basic ones,
// provided at least one precedes it ("if more than zero code points were
// consumed then consume one more"); a leading delimiter is read as a digit,
// so "-" and "-abc" fail.  Returns their count b; the digits start at b + 1
// when b > 0, else at 0.
inline std::size_t count_basic(const char* text, std::size_t size, char delimiter) {
  if (size <= 1) return 0;
  const char* last = find_last(text + 1, delimiter, size - 1);
  return last == nullptr ? 0 : static_cast<std::size_t>(last - text);
}

inline std::size_t digits_start(std::size_t basic_count) {
  return basic_count > 0 ? basic_count + 1 : 0;
}

// Checks that text[0, b) is basic (below initial_n), copying each byte to
// work[j] when work is not null.  With initial_n a power of two, a byte >=
// initial_n has a bit the OR keeps, so the check costs one OR per byte; the
// error path then finds the first offender.
template <class Profile, class Out>
status check_basic(const Profile& p, const char* text, std::size_t b, Out* work) {
  const u32 initial_n = p.initial_n();
  const bool power_of_two = (initial_n & (initial_n - 1)) == 0;
  u32 seen = 0;
  for (std::size_t j = 0; j < b; ++j) {
    const u32 c = static_cast<unsigned char>(text[j]);
    if (work != nullptr) work[j] = static_cast<Out>(c);
    seen = power_of_two ? seen | c : (c > seen ? c : seen);
  }
  if (power_of_two ? (seen & ~(initial_n - 1)) == 0 : seen < initial_n) return {};
  for (std::size_t j = 0;; ++j) {
    const auto c = static_cast<unsigned char>(text[j]);
    if (c >= initial_n)
      return make_error(errc::non_basic_before_delimiter, j, p.error_code_point(text, b, j));
  }
}

// "Decode a generalized variable-length integer": the digit loop, adding
// the integer to i, with the section 6.4 checks after the first
// `Unchecked` digits (the caller knows that many cannot overflow; 0 checks
// every digit).  Sets `last_digit` to the character that ended it (its
// case is the appendix A flag).  trace(digit, t, w, character) sees each
// digit.  Returns false, with `error` set, on failure (no status is built
// on the way that succeeds: the fixed-profile engine calls this for every
// integer of four digits or more).
template <u32 Unchecked, class Profile, class Trace>
bool read_integer(const Profile& p, const char* text, std::size_t size, std::size_t& pos,
                  u32 bias, u64& i, char& last_digit, status& error, Trace&& trace) {
  u64 w = 1;
  for (u64 k = p.base();; k += p.base()) {
    if (pos >= size) {
      error = make_error(errc::truncated_number, size);
      return false;
    }
    const auto uc = static_cast<unsigned char>(text[pos]);
    const int digit = p.digit_value(uc);
    if (digit < 0) {
      error = make_error(errc::invalid_digit, pos, p.error_code_point(text, size, pos));
      return false;
    }
    ++pos;
    const auto d = static_cast<u64>(digit);
    const bool unchecked = k <= u64{p.base()} * Unchecked;
    if (unchecked) {
      i += d * w;
    } else if (!add_digit(i, d, w)) {
      error = make_error(errc::overflow, pos - 1, uc);
      return false;
    }
    const u32 t = threshold(k, bias, p.tmin(), p.tmax());
    trace(static_cast<u32>(d), t, w, static_cast<char>(uc));
    if (d < t) {
      last_digit = static_cast<char>(uc);
      return true;
    }
    if (unchecked) {
      w *= p.base() - t;
    } else if (!scale_weight(w, p.base() - t)) {
      error = make_error(errc::overflow, pos - 1, uc);
      return false;
    }
  }
}

// ---- range checks ----

template <class Profile, class CodePoint>
bool code_point_allowed(const Profile& p, CodePoint c) {
  if (c > p.max_code_point()) return false;
  return !(p.reject_surrogates() && c - 0xD800u < 0x800u);
}

// The decoder's "let n = n + i div (length(output) + 1), fail on overflow",
// then the profile's range: decoded_out_of_range at the integer's first
// digit (with the code point when it is a rejected surrogate).  `step` is
// i div (length + 1); n is at most max_code_point before.  StepBelow2To32:
// the caller knows step < 2^32, so n + step cannot wrap (one comparison
// fewer on the decoder's critical path).  Returns false, with `error` set,
// on failure.
template <bool StepBelow2To32, class Profile>
bool advance_code_point(const Profile& p, u64& n, u64 step, std::size_t delta_start,
                        status& error) {
  if (StepBelow2To32 ? n + step > p.max_code_point() : step > p.max_code_point() - n) {
    error = make_error(errc::decoded_out_of_range, delta_start);
    return false;
  }
  n += step;
  if (p.reject_surrogates() && n - 0xD800u < 0x800u) {
    error = make_error(errc::decoded_out_of_range, delta_start, static_cast<char32_t>(n));
    return false;
  }
  return true;
}

// The encoder's input check: the first code point the profile does not
// allow, as invalid_code_point (before anything is encoded).  Returns
// false, with `error` set, on failure.
template <class Profile>
bool check_code_points(const Profile& p, std::u32string_view in, status& error) {
  bool bad = false;
  for (const char32_t c : in) bad |= !code_point_allowed(p, c);
  if (!bad) return true;
  for (std::size_t j = 0;; ++j) {
    if (!code_point_allowed(p, in[j])) {
      error = make_error(errc::invalid_code_point, j, in[j]);
      return false;
    }
  }
}

// ---- section 6.3 ----

// One digit of "encode delta as a variable-length integer" with threshold
// t: returns true when q < t (q itself is the last digit); otherwise sets
// `digit` to t + (q - t) mod (base - t) and q to (q - t) div (base - t).
// `divide(x, d)` is x / d (engines differ in how they divide).
template <class U, class Divide>
bool next_digit(U& q, u32 t, u32 base, u32& digit, Divide&& divide) {
  if (q < t) {
    digit = static_cast<u32>(q);
    return true;
  }
  const u32 divisor = base - t;
  const U quotient = divide(q - t, divisor);
  digit = static_cast<u32>(t + (q - t) - quotient * divisor);
  q = quotient;
  return false;
}


// Section 6.3, "encode delta as a variable-length integer": the digits of
// q with the thresholds of `bias`, handed to put(character).  With
// `uppercase` the last digit is written in upper case (appendix A).
// Returns false, having written a prefix, when the weight of the next digit
// would pass 2^64, where the decoder fails (section 6.4): an encoder does
// not write what the decoder cannot read.  Only possible when tmin is 0 (a
// digit 0 then need not end the integer) and the bias is far above base.
template <class Profile, class Put>
bool write_integer(const Profile& p, u64 q, u32 bias, bool uppercase, Put&& put,
                   observer* trace) {
  u64 w = 1;  // weight of the current digit, as the decoder computes it
  for (u64 k = p.base();; k += p.base()) {
    const u32 t = threshold(k, bias, p.tmin(), p.tmax());
    u32 d;
    const bool last = next_digit(q, t, p.base(), d, [](u64 x, u64 y) { return x / y; });
    char ch = p.digit_char(d);
    if (last && uppercase && ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
    if (trace) trace->on_digit(d, t, w, ch);
    put(ch);
    if (last) return true;
    if (!scale_weight(w, p.base() - t)) return false;
  }
}

// Section 6.2, first step, for the decoders that scan before they place:
// the count of basic code points in `b`, checked.  The length is checked
// first: an oversize input is refused in O(1), not after a scan of
// gigabytes for the delimiter.
template <class Profile>
status split_basic(const Profile& p, std::string_view in, std::size_t& b) {
  b = 0;
  if (in.size() > max_length) return make_error(errc::input_too_long, max_length);
  b = count_basic(in.data(), in.size(), p.delimiter());
  return check_basic(p, in.data(), b, static_cast<char32_t*>(nullptr));
}

// Section 6.2, the main loop.  Reports each insertion (code point, index,
// length of the string before it, case flag of its last digit) to `insert`
// and stops at the first error.  `decoded_length` receives b + the count of
// insertions.
template <class Profile, class Insert>
status parse_deltas(const Profile& p, std::string_view in, std::size_t b,
                    std::size_t& decoded_length, observer* trace, Insert&& insert) {
  u64 n = p.initial_n();
  u64 i = 0;
  u32 bias = p.initial_bias();
  u64 out = b;
  for (std::size_t in_pos = digits_start(b); in_pos < in.size(); ++out) {
    const std::size_t delta_start = in_pos;
    const u64 old_i = i;
    char last_digit = 0;
    status error;
    const auto digit = [trace](u32 d, u32 t, u64 w, char ch) {
      if (trace) trace->on_digit(d, t, w, ch);
    };
    if (!read_integer<unchecked_digit_count<Profile>::value>(p, in.data(), in.size(), in_pos, bias,
                                                             i, last_digit, error, digit))
      return error;
    const u64 delta = i - old_i;
    // out + 1 <= max_length + 1 < 2^32.  A 32-bit division when i allows
    // it, for profiles known at compile time (see adapt).
    u64 step;
    if (compile_time_profile<Profile>::value && i <= 0xFFFFFFFFu)
      step = static_cast<u32>(i) / static_cast<u32>(out + 1);
    else
      step = i / (out + 1);
    if (!advance_code_point<false>(p, n, step, delta_start, error)) return error;
    i -= step * (out + 1);
    if (trace) trace->on_delta(static_cast<char32_t>(n), static_cast<std::size_t>(i), delta, bias);
    bias = adapt(p, delta, out + 1, old_i == 0);
    if (trace) trace->on_bias(bias);
    insert(static_cast<char32_t>(n), static_cast<std::size_t>(i), static_cast<std::size_t>(out),
           last_digit >= 'A' && last_digit <= 'Z');
    ++i;
  }
  decoded_length = static_cast<std::size_t>(out);
  return {};
}

}  // namespace puny::bootstring::detail
