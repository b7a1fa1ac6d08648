// What the adapters of bench/impls*.cpp share: the Punycode output
// capacity and the base class for APIs that take the workload's own forms.
#pragma once

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

}  // namespace bench
