// What the adapters of bench/impls*.cpp share: the Punycode output
// capacity, the base class for APIs that take the workload's own forms, and
// the one for APIs that take code points as 32-bit units in caller buffers.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "impls.hpp"

namespace bench {

// Output capacity that always suffices: a Punycode digit carries at least
// log2(base - tmax) > 3 bits and every delta is below 2^42 for any string
// that fits in memory, so 14 digits per code point is plenty.
inline std::size_t encode_capacity(std::size_t code_points) { return 14 * code_points + 64; }

// Adapters whose API takes the workload's own forms (UTF-32 labels to
// encode, ASCII to decode): the inputs are kept as given.
class native_input_punycode : public punycode_impl {
 public:
  void set_encode_input(const std::vector<std::u32string>& labels) override { enc_in_ = labels; }
  void set_decode_input(const std::vector<std::string>& punycode, std::size_t) override {
    dec_in_ = punycode;
  }

 protected:
  std::vector<std::u32string> enc_in_;
  std::vector<std::string> dec_in_;
};

// Adapters of C APIs that take code points as 32-bit `Unit`s (libidn's
// punycode_uint, libidn2's uint32_t) and write into caller buffers: the
// labels converted once, output buffers sized for the longest.
template <class Unit>
class unit_buffer_punycode : public punycode_impl {
 public:
  void set_encode_input(const std::vector<std::u32string>& labels) override {
    enc_in_.clear();
    std::size_t longest = 0;
    for (const auto& l : labels) {
      enc_in_.emplace_back(l.begin(), l.end());
      longest = std::max(longest, l.size());
    }
    enc_out_.assign(encode_capacity(longest), '\0');
  }
  void set_decode_input(const std::vector<std::string>& punycode,
                        std::size_t max_code_points) override {
    dec_in_ = punycode;
    dec_out_.assign(max_code_points + 1, 0);
  }

 protected:
  std::vector<std::vector<Unit>> enc_in_;
  std::vector<std::string> dec_in_;
  std::string enc_out_;
  std::vector<Unit> dec_out_;
};

}  // namespace bench
