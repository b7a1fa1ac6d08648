// bench/impls.cpp's adapters for GNU libidn, compiled into puny_bench only
// when bench/CMakeLists.txt finds it (a file list, not #if); the adapter
// registers itself (register_peer, impls.hpp).
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <punycode.h>
#include <stringprep.h>

#include "impls.hpp"
#include "impls_support.hpp"
#include "puny/punycode.hpp"
#include "workload.hpp"

namespace bench {
namespace {
class libidn_punycode final : public unit_buffer_punycode<punycode_uint> {
 public:
  std::string name() const override { return "libidn"; }
  std::size_t encode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& l : enc_in_) {
      std::size_t n = enc_out_.size();
      if (punycode_encode(l.size(), l.data(), nullptr, &n, enc_out_.data()) == PUNYCODE_SUCCESS)
        total += n;
      else
        ++errors;
    }
    return total;
  }
  std::size_t decode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& p : dec_in_) {
      std::size_t n = dec_out_.size();
      if (punycode_decode(p.size(), p.data(), &n, dec_out_.data(), nullptr) == PUNYCODE_SUCCESS)
        total += n;
      else
        ++errors;
    }
    return total;
  }
  bool encode_one(std::size_t i, std::string& out) override {
    std::size_t n = enc_out_.size();
    const auto& l = enc_in_[i];
    if (punycode_encode(l.size(), l.data(), nullptr, &n, enc_out_.data()) != PUNYCODE_SUCCESS)
      return false;
    out.assign(enc_out_.data(), n);
    return true;
  }
  bool decode_one(std::size_t i, std::u32string& out) override {
    std::size_t n = dec_out_.size();
    const auto& p = dec_in_[i];
    if (punycode_decode(p.size(), p.data(), &n, dec_out_.data(), nullptr) != PUNYCODE_SUCCESS)
      return false;
    out.assign(dec_out_.begin(), dec_out_.begin() + static_cast<std::ptrdiff_t>(n));
    return true;
  }
};

const bool registered = register_peer(
    {"libidn", [] { return std::string(stringprep_check_version(nullptr)); },
     [](std::vector<std::unique_ptr<punycode_impl>>& v) { v.push_back(std::make_unique<libidn_punycode>()); },
     nullptr});
}  // namespace
}  // namespace bench
