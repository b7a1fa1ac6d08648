// puny internal: records the Bootstring encoder's and decoder's steps for
// one Punycode input through bootstring::observer, so that every explainer
// (`puny explain`, the WebAssembly binding behind the web page) shows the
// numbers of the library's own coder (RFC 3492 sections 6.2 and 6.3) and
// none keeps a second copy of the bookkeeping.
//
// Header-only and not installed: it is a presentation helper, not API.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puny/bootstring.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"

namespace puny::explain {

using u64 = std::uint64_t;

// The limit on a trace's input: puny/punycode.hpp, max_traced_length.
using puny::punycode::max_traced_length;

inline std::string utf8_of(std::u32string_view s) {
  std::string out;
  (void)puny::unicode::utf32_to_utf8(s, out);
  return out;
}

struct digit_step {
  std::uint32_t value = 0;
  std::uint32_t threshold = 0;
  u64 weight = 0;
  char character = 0;
};

struct delta_step {
  char32_t code_point = 0;
  std::size_t position = 0;  // encoder: index in the input; decoder: insertion index i
  u64 delta = 0;
  std::uint32_t bias = 0;      // bias in force while coding this delta
  std::uint32_t new_bias = 0;  // after adaptation
  std::vector<digit_step> digits;
  // Encoder only: how the delta was built.
  bool starts_code_point = false;
  char32_t previous_n = 0;
  u64 handled = 0;
  u64 carried = 0;
  u64 smaller_before = 0;
  // Decoder only: the string after the insertion.
  std::u32string text_after;
};

// Collects the observer events into delta_steps.
class recorder : public bootstring::observer {
 public:
  explicit recorder(bool decoding) : decoding_(decoding) {}

  void on_next_code_point(char32_t next_n, char32_t previous_n, u64 handled,
                          u64 carried) override {
    pending_start_ = true;
    pending_previous_n_ = previous_n;
    pending_handled_ = handled;
    pending_carried_ = carried;
    pending_step_ = (u64{next_n} - previous_n) * (handled + 1);
  }
  void on_delta(char32_t cp, std::size_t position, u64 delta, std::uint32_t bias) override {
    delta_step d;
    d.code_point = cp;
    d.position = position;
    d.delta = delta;
    d.bias = bias;
    if (decoding_) {
      d.digits = std::move(pending_digits_);
      pending_digits_.clear();
    } else {
      const u64 base = pending_start_ ? pending_carried_ + pending_step_ : 0;
      d.starts_code_point = pending_start_;
      d.previous_n = pending_previous_n_;
      d.handled = pending_handled_;
      d.carried = pending_start_ ? pending_carried_ : 0;
      d.smaller_before = delta - base;
      pending_start_ = false;
    }
    steps.push_back(std::move(d));
  }
  void on_digit(std::uint32_t value, std::uint32_t threshold, u64 weight, char c) override {
    digit_step s{value, threshold, weight, c};
    if (decoding_)
      pending_digits_.push_back(s);
    else
      steps.back().digits.push_back(s);
  }
  void on_bias(std::uint32_t new_bias) override { steps.back().new_bias = new_bias; }

  std::vector<delta_step> steps;

 private:
  bool decoding_;
  bool pending_start_ = false;
  char32_t pending_previous_n_ = 0;
  u64 pending_handled_ = 0;
  u64 pending_carried_ = 0;
  u64 pending_step_ = 0;
  std::vector<digit_step> pending_digits_;
};

struct trace {
  bool decoding = false;
  std::string input;
  std::u32string code_points;  // encoder: the input; decoder: the result
  std::string basic;           // the basic code points, in order
  bool has_delimiter = false;
  char delimiter = '-';
  std::vector<delta_step> steps;
  std::string output;
  puny::status status;
};

inline trace run_encode(std::string_view input) {
  trace t;
  t.input = std::string(input);
  t.status = puny::unicode::utf8_to_utf32(input, t.code_points);
  if (!t.status) return t;
  if (t.code_points.size() > max_traced_length) {
    t.status.code = errc::input_too_long;
    t.status.offset = max_traced_length;
    return t;
  }
  const auto& p = puny::punycode::profile;
  for (char32_t c : t.code_points)
    if (c < p.initial_n) t.basic.push_back(static_cast<char>(c));
  t.has_delimiter = !t.basic.empty();
  t.delimiter = p.delimiter;
  recorder rec(false);
  bootstring::advanced_options adv;
  adv.trace = &rec;
  t.status = bootstring::encode(t.code_points, p, t.output, nullptr, adv);
  t.steps = std::move(rec.steps);
  return t;
}

inline trace run_decode(std::string_view input) {
  trace t;
  t.decoding = true;
  t.input = std::string(input);
  const auto& p = puny::punycode::profile;
  t.delimiter = p.delimiter;
  if (input.size() > max_traced_length) {
    t.status.code = errc::input_too_long;
    t.status.offset = max_traced_length;
    return t;
  }
  const std::size_t last = input.rfind(p.delimiter);
  if (last != std::string_view::npos) {
    t.basic = std::string(input.substr(0, last));
    t.has_delimiter = true;
  }
  recorder rec(true);
  bootstring::advanced_options adv;
  adv.trace = &rec;
  t.status = bootstring::decode(input, p, t.code_points, nullptr, adv);
  t.steps = std::move(rec.steps);
  // Replay the insertions on the basic string to show it growing.
  std::u32string growing(t.basic.begin(), t.basic.end());
  for (auto& s : t.steps) {
    if (s.position <= growing.size()) growing.insert(growing.begin() + s.position, s.code_point);
    s.text_after = growing;
  }
  if (t.status) t.output = utf8_of(t.code_points);
  return t;
}

}  // namespace puny::explain
