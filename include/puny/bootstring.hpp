// puny: the generic Bootstring algorithm of RFC 3492 sections 3 to 6.
//
// Bootstring represents a string of code points with a smaller set of "basic"
// code points.  The parameters choose the digit alphabet and the shape of the
// variable-length integers; Punycode (punycode.hpp) is one parameter set.
//
// Layering: this header knows nothing about "xn--" or domain names.
#pragma once

#include "puny/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "puny/status.hpp"

PUNY_PUBLIC_BEGIN
namespace puny::bootstring {

// A Bootstring profile.  Build one with make_parameters(), which also fills
// the digit lookup table, then check it with validate().
struct parameters {
  std::uint32_t base = 0;
  std::uint32_t tmin = 0;
  std::uint32_t tmax = 0;
  std::uint32_t skew = 0;
  std::uint32_t damp = 0;
  std::uint32_t initial_bias = 0;
  // Code points below initial_n are the basic code points; they are copied
  // literally.  The encoded form is ASCII, so initial_n must be <= 0x80.
  char32_t initial_n = 0;
  char delimiter = 0;
  // Largest code point the profile accepts; decoding above it is an error.
  char32_t max_code_point = 0x10FFFF;
  // Reject U+D800..U+DFFF (they are not Unicode scalar values).
  bool reject_surrogates = true;
  // digits[v] is the character emitted for digit value v (lower case when it
  // is a letter); digit_values[c] is the value of ASCII character c, or -1.
  std::array<char, 128> digits{};
  std::array<std::int8_t, 128> digit_values{};
  // Length of the alphabet given to make_parameters (validate() compares it
  // with base); saturates at 255.
  std::uint8_t alphabet_size = 0;
};

// Builds a profile.  `alphabet` lists the digit characters in value order;
// with `case_insensitive`, a letter digit also decodes in the other case
// (RFC 3492 section 5: decoders must accept both cases).
constexpr parameters make_parameters(std::uint32_t base, std::uint32_t tmin, std::uint32_t tmax,
                                     std::uint32_t skew, std::uint32_t damp,
                                     std::uint32_t initial_bias, char32_t initial_n,
                                     char delimiter, std::string_view alphabet,
                                     bool case_insensitive = true) {
  parameters p;
  p.base = base;
  p.tmin = tmin;
  p.tmax = tmax;
  p.skew = skew;
  p.damp = damp;
  p.initial_bias = initial_bias;
  p.initial_n = initial_n;
  p.delimiter = delimiter;
  for (auto& v : p.digit_values) v = -1;
  for (std::size_t i = 0; i < alphabet.size() && i < p.digits.size(); ++i) {
    char c = alphabet[i];
    if (c >= 'A' && c <= 'Z' && case_insensitive) c = static_cast<char>(c - 'A' + 'a');
    p.digits[i] = c;
    const auto uc = static_cast<unsigned char>(c);
    if (uc < 128) {
      // A repeated character keeps its first value; validate() reports it.
      if (p.digit_values[uc] < 0) p.digit_values[uc] = static_cast<std::int8_t>(i);
      if (case_insensitive && c >= 'a' && c <= 'z') {
        const auto upper = static_cast<unsigned char>(c - 'a' + 'A');
        if (p.digit_values[upper] < 0) p.digit_values[upper] = static_cast<std::int8_t>(i);
      }
    }
  }
  p.alphabet_size = static_cast<std::uint8_t>(alphabet.size() > 255 ? 255 : alphabet.size());
  return p;
}

// Which constraint a parameter set breaks (RFC 3492 section 4, plus the
// conditions this implementation needs to terminate and emit ASCII).
enum class parameter_error : std::uint8_t {
  ok = 0,
  base_out_of_range,         // need 2 <= base <= 126 (digits are distinct ASCII)
  tmin_greater_than_tmax,    // RFC 3492 section 4: tmin <= tmax
  tmax_not_below_base,       // RFC 3492 section 4: tmax <= base - 1
  tmax_zero,                 // tmax >= 1, or no digit could ever end a number
  skew_zero,                 // RFC 3492 section 4: skew >= 1
  damp_too_small,            // RFC 3492 section 4: damp >= 2
  initial_bias_too_large,    // RFC 3492 section 4: initial_bias mod base <= base - tmin
  initial_n_out_of_range,    // basic code points are ASCII: 1 <= initial_n <= 0x80
  max_code_point_too_small,  // max_code_point must be >= initial_n
  alphabet_size_mismatch,    // the alphabet must have exactly `base` characters
  digit_not_basic,           // every digit must be a basic code point
  duplicate_digit,           // two digits (possibly differing in case) collide
  delimiter_not_basic,       // the delimiter must be a basic code point
  delimiter_is_digit,        // the delimiter must not also be a digit
};

std::string_view to_string(parameter_error e) noexcept;

// Checks every constraint; returns the first one broken.  constexpr, so a
// profile can be checked with static_assert.
[[nodiscard]]
constexpr parameter_error validate(const parameters& p) noexcept {
  if (p.base < 2 || p.base > 126) return parameter_error::base_out_of_range;
  if (p.tmin > p.tmax) return parameter_error::tmin_greater_than_tmax;
  if (p.tmax > p.base - 1) return parameter_error::tmax_not_below_base;
  if (p.tmax == 0) return parameter_error::tmax_zero;
  if (p.skew < 1) return parameter_error::skew_zero;
  if (p.damp < 2) return parameter_error::damp_too_small;
  if (p.initial_bias % p.base > p.base - p.tmin) return parameter_error::initial_bias_too_large;
  if (p.initial_n < 1 || p.initial_n > 0x80) return parameter_error::initial_n_out_of_range;
  if (p.max_code_point < p.initial_n) return parameter_error::max_code_point_too_small;
  if (p.alphabet_size != p.base) return parameter_error::alphabet_size_mismatch;
  for (std::uint32_t v = 0; v < p.base; ++v) {
    const auto c = static_cast<unsigned char>(p.digits[v]);
    if (c >= p.initial_n || c >= 128) return parameter_error::digit_not_basic;
    // make_parameters keeps the first value of a repeated character, so a
    // collision shows as a character that does not map back to its value.
    if (p.digit_values[c] != static_cast<std::int8_t>(v)) return parameter_error::duplicate_digit;
    if (c >= 'a' && c <= 'z') {
      const auto upper = static_cast<unsigned char>(c - 'a' + 'A');
      if (p.digit_values[upper] >= 0 && p.digit_values[upper] != static_cast<std::int8_t>(v))
        return parameter_error::duplicate_digit;
    }
  }
  const auto delim = static_cast<unsigned char>(p.delimiter);
  if (delim >= p.initial_n || delim >= 128) return parameter_error::delimiter_not_basic;
  if (p.digit_values[delim] >= 0) return parameter_error::delimiter_is_digit;
  return parameter_error::ok;
}

// Output of the caller-buffer functions: status plus the size written (or, on
// errc::buffer_too_small, the size needed, also in status.needed).
struct buffer_result {
  puny::status status{};
  std::size_t size = 0;
  bool ok() const noexcept { return status.ok(); }
};

// ---- Allocating interface: appends to `out`; on failure `out` is restored. ----

// Encodes code points.  `uppercase_flags`, when given, holds one flag per
// input code point (RFC 3492 appendix A mixed-case annotation).
[[nodiscard]]
puny::status encode(std::u32string_view input, const parameters& p, std::string& out,
                    const std::vector<bool>* uppercase_flags = nullptr);

// Decodes; `uppercase_flags`, when given, receives one flag per decoded code
// point (appended, restored on failure).
[[nodiscard]]
puny::status decode(std::string_view input, const parameters& p, std::u32string& out,
                    std::vector<bool>* uppercase_flags = nullptr);

// ---- Caller-buffer interface: never writes past `capacity`. ----
//
// On errc::buffer_too_small the buffer's contents are unspecified (encoders
// happen to leave the prefix that fits); status.needed is exact.
//
// No heap allocation happens when the longer of input and output is at most
// `inplace_limit` code points (every DNS label and domain name).  Longer
// strings use O(n) scratch memory so that time stays O(n log n).
inline constexpr std::size_t inplace_limit = 512;

[[nodiscard]]
buffer_result encode(std::u32string_view input, const parameters& p, char* out,
                     std::size_t capacity, const bool* uppercase_flags = nullptr);

// `uppercase_flags`, when not null, must have room for `capacity` entries.
[[nodiscard]]
buffer_result decode(std::string_view input, const parameters& p, char32_t* out,
                     std::size_t capacity, bool* uppercase_flags = nullptr);

// Exposed for tests and `puny explain`: the algorithm variants.  `automatic`
// picks the simple RFC loop for short strings and the O(n log n) one above
// inplace_limit.
enum class strategy : std::uint8_t { automatic, simple, fenwick };

// Observer of the encoder's and decoder's steps, for tracing.  Every hook has
// an empty default; passing no observer costs one null check per delta.
struct observer {
  virtual ~observer() = default;
  // Encoder: the next code point to insert is `next_n`; the carried delta
  // grows by (next_n - previous_n) * (handled + 1) (RFC 3492 section 6.3).
  virtual void on_next_code_point(char32_t /*next_n*/, char32_t /*previous_n*/,
                                  std::uint64_t /*handled*/, std::uint64_t /*carried_delta*/) {}
  // A delta about to be encoded/decoded: code point, position, delta value,
  // the bias in force.
  virtual void on_delta(char32_t /*code_point*/, std::size_t /*position*/,
                        std::uint64_t /*delta*/, std::uint32_t /*bias*/) {}
  // One digit of a variable-length integer: its value, threshold t, the
  // weight w it is multiplied by, and the character written or read.
  virtual void on_digit(std::uint32_t /*digit*/, std::uint32_t /*threshold*/,
                        std::uint64_t /*weight*/, char /*character*/) {}
  // Bias after adaptation.
  virtual void on_bias(std::uint32_t /*new_bias*/) {}
};

struct advanced_options {
  strategy algorithm = strategy::automatic;
  observer* trace = nullptr;  // forces the simple strategy when set
};

[[nodiscard]]
puny::status encode(std::u32string_view input, const parameters& p, std::string& out,
                    const std::vector<bool>* uppercase_flags, const advanced_options& adv);
[[nodiscard]]
puny::status decode(std::string_view input, const parameters& p, std::u32string& out,
                    std::vector<bool>* uppercase_flags, const advanced_options& adv);

// Entry points for profiles already known to be valid (checked by
// static_assert, as punycode.hpp does): they skip validate() on every call.
namespace detail {
[[nodiscard]]
puny::status encode_trusted(std::u32string_view input, const parameters& p, std::string& out,
                            const std::vector<bool>* uppercase_flags);
[[nodiscard]]
buffer_result encode_trusted(std::u32string_view input, const parameters& p, char* out,
                             std::size_t capacity);
[[nodiscard]]
puny::status decode_trusted(std::string_view input, const parameters& p, std::u32string& out,
                            std::vector<bool>* uppercase_flags);
[[nodiscard]]
buffer_result decode_trusted(std::string_view input, const parameters& p, char32_t* out,
                             std::size_t capacity);
}  // namespace detail

}  // namespace puny::bootstring
PUNY_PUBLIC_END
