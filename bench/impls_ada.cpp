// bench/impls.cpp's adapters for ada-url/idna (PUNY_BENCH_ADA_DIR),
// compiled into puny_bench only when bench/CMakeLists.txt finds it (a file
// list, not #if); the adapter registers itself (register_peer, impls.hpp).
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ada/idna/punycode.h>
#include <ada/idna/to_ascii.h>
#include <ada/idna/to_unicode.h>

#include "impls.hpp"
#include "impls_support.hpp"
#include "puny/punycode.hpp"
#include "workload.hpp"

namespace bench {
namespace {
// Raw Punycode: ada's UTF-32 forms, which append to `out`: one string per
// pass, cleared per label (as ada_idna below does), so ada reuses its
// buffer as puny's caller-buffer form does (issue 42's "like for like").
class ada_punycode final : public native_input_punycode {
 public:
  std::string name() const override { return "ada"; }
  std::size_t encode_all(std::size_t& errors) override {
    std::size_t total = 0;
    std::string out;
    for (const auto& l : enc_in_) {
      out.clear();
      if (ada::idna::utf32_to_punycode(l, out)) total += out.size(); else ++errors;
    }
    return total;
  }
  std::size_t decode_all(std::size_t& errors) override {
    std::size_t total = 0;
    std::u32string out;
    for (const auto& p : dec_in_) {
      out.clear();
      if (ada::idna::punycode_to_utf32(p, out)) total += out.size(); else ++errors;
    }
    return total;
  }
  bool encode_one(std::size_t i, std::string& out) override {
    out.clear();
    return ada::idna::utf32_to_punycode(enc_in_[i], out);
  }
  bool decode_one(std::size_t i, std::u32string& out) override {
    out.clear();
    return ada::idna::punycode_to_utf32(dec_in_[i], out);
  }
};

// The URL Standard's domain to ASCII (beStrict=false) and domain to Unicode.
// ada signals failure with false (to_ascii) or an empty string (to_unicode
// has no failure: it is best effort, like the URL Standard's).
class ada_idna final : public idna_impl {
 public:
  std::string name() const override { return "ada"; }
  void set_input(const std::vector<std::string>& domains) override { in_ = domains; }
  std::size_t to_ascii_all(std::size_t& errors) override {
    std::size_t total = 0;
    std::string out;
    for (const auto& d : in_) {
      out.clear();
      if (ada::idna::to_ascii(d, out)) total += out.size(); else ++errors;
    }
    return total;
  }
  std::size_t to_unicode_all(std::size_t& errors) override {
    std::size_t total = 0;
    std::string out;
    for (const auto& d : in_) {
      out.clear();
      if (ada::idna::to_unicode(d, out)) total += out.size(); else ++errors;
    }
    return total;
  }
  bool to_ascii_one(std::size_t i, std::string& out) override {
    out.clear();
    return ada::idna::to_ascii(in_[i], out);
  }
  bool to_unicode_one(std::size_t i, std::string& out) override {
    out.clear();
    return ada::idna::to_unicode(in_[i], out);
  }

 private:
  std::vector<std::string> in_;
};

const bool registered = register_peer(
    {"ada", [] { return std::string("ada-url/idna ") + PUNY_BENCH_ADA_REVISION; },
     [](std::vector<std::unique_ptr<punycode_impl>>& v) { v.push_back(std::make_unique<ada_punycode>()); },
     [](std::vector<std::unique_ptr<idna_impl>>& v, idna_rules rules) {
       if (rules == idna_rules::url) v.push_back(std::make_unique<ada_idna>());
     }});
}  // namespace
}  // namespace bench
