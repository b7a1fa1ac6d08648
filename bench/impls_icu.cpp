// bench/impls.cpp's adapters for ICU (icu-uc), compiled into puny_bench only
// when bench/CMakeLists.txt finds it (a file list, not #if); the adapter
// registers itself (register_peer, impls.hpp).
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <unicode/uidna.h>
#include <unicode/uversion.h>
#include <unicode/utypes.h>
// The raw Punycode functions are exported from libicuuc but declared only in
// ICU's internal punycode.h; urename.h (via utypes.h) maps these names to
// the versioned symbols (u_strToPunycode_72, ...).
U_CAPI int32_t U_EXPORT2 u_strToPunycode(const UChar* src, int32_t srcLength, UChar* dest,
                                         int32_t destCapacity, const UBool* caseFlags,
                                         UErrorCode* pErrorCode);
U_CAPI int32_t U_EXPORT2 u_strFromPunycode(const UChar* src, int32_t srcLength, UChar* dest,
                                           int32_t destCapacity, UBool* caseFlags,
                                           UErrorCode* pErrorCode);

#include "impls.hpp"
#include "impls_support.hpp"
#include "puny/punycode.hpp"
#include "workload.hpp"

namespace bench {
namespace {
class icu_punycode final : public punycode_impl {
 public:
  std::string name() const override { return "icu"; }
  void set_encode_input(const std::vector<std::u32string>& labels) override {
    enc_in_.clear();
    std::size_t longest = 0;
    for (const auto& l : labels) {
      enc_in_.push_back(u32_to_u16(l));
      longest = std::max(longest, l.size());
    }
    enc_out_.assign(encode_capacity(longest), u'\0');
  }
  void set_decode_input(const std::vector<std::string>& punycode,
                        std::size_t max_code_points) override {
    dec_in_.clear();
    for (const auto& p : punycode) dec_in_.emplace_back(p.begin(), p.end());
    dec_out_.assign(2 * max_code_points + 2, u'\0');
  }
  std::size_t encode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& l : enc_in_) {
      UErrorCode err = U_ZERO_ERROR;
      const int32_t n = u_strToPunycode(l.data(), static_cast<int32_t>(l.size()), enc_out_.data(),
                                        static_cast<int32_t>(enc_out_.size()), nullptr, &err);
      if (U_SUCCESS(err)) total += static_cast<std::size_t>(n); else ++errors;
    }
    return total;
  }
  std::size_t decode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& p : dec_in_) {
      UErrorCode err = U_ZERO_ERROR;
      const int32_t n =
          u_strFromPunycode(p.data(), static_cast<int32_t>(p.size()), dec_out_.data(),
                            static_cast<int32_t>(dec_out_.size()), nullptr, &err);
      if (U_SUCCESS(err)) total += static_cast<std::size_t>(n); else ++errors;
    }
    return total;
  }
  bool encode_one(std::size_t i, std::string& out) override {
    UErrorCode err = U_ZERO_ERROR;
    const auto& l = enc_in_[i];
    const int32_t n = u_strToPunycode(l.data(), static_cast<int32_t>(l.size()), enc_out_.data(),
                                      static_cast<int32_t>(enc_out_.size()), nullptr, &err);
    if (U_FAILURE(err)) return false;
    out.assign(enc_out_.begin(), enc_out_.begin() + n);  // ASCII
    return true;
  }
  bool decode_one(std::size_t i, std::u32string& out) override {
    UErrorCode err = U_ZERO_ERROR;
    const auto& p = dec_in_[i];
    const int32_t n = u_strFromPunycode(p.data(), static_cast<int32_t>(p.size()), dec_out_.data(),
                                        static_cast<int32_t>(dec_out_.size()), nullptr, &err);
    if (U_FAILURE(err)) return false;
    out = u16_to_u32(std::u16string_view(dec_out_.data(), static_cast<std::size_t>(n)));
    return true;
  }

 private:
  std::vector<std::u16string> enc_in_;
  std::vector<std::u16string> dec_in_;
  std::u16string enc_out_;
  std::u16string dec_out_;
};

class icu_idna final : public idna_impl {
 public:
  icu_idna() {
    UErrorCode err = U_ZERO_ERROR;
    idna_ = uidna_openUTS46(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE |
                                UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ,
                            &err);
    if (U_FAILURE(err)) std::abort();
  }
  ~icu_idna() override { uidna_close(idna_); }
  icu_idna(const icu_idna&) = delete;
  icu_idna& operator=(const icu_idna&) = delete;
  std::string name() const override { return "icu"; }
  void set_input(const std::vector<std::string>& domains) override {
    in_ = domains;
    out_.assign(1024, '\0');
  }
  std::size_t to_ascii_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      UErrorCode err = U_ZERO_ERROR;
      UIDNAInfo info = UIDNA_INFO_INITIALIZER;
      const int32_t n = uidna_nameToASCII_UTF8(idna_, d.data(), static_cast<int32_t>(d.size()),
                                               out_.data(), static_cast<int32_t>(out_.size()),
                                               &info, &err);
      if (U_SUCCESS(err) && info.errors == 0) total += static_cast<std::size_t>(n); else ++errors;
    }
    return total;
  }
  std::size_t to_unicode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      UErrorCode err = U_ZERO_ERROR;
      UIDNAInfo info = UIDNA_INFO_INITIALIZER;
      const int32_t n = uidna_nameToUnicodeUTF8(idna_, d.data(), static_cast<int32_t>(d.size()),
                                                out_.data(), static_cast<int32_t>(out_.size()),
                                                &info, &err);
      if (U_SUCCESS(err) && info.errors == 0) total += static_cast<std::size_t>(n); else ++errors;
    }
    return total;
  }
  bool to_ascii_one(std::size_t i, std::string& out) override {
    UErrorCode err = U_ZERO_ERROR;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    const int32_t n =
        uidna_nameToASCII_UTF8(idna_, in_[i].data(), static_cast<int32_t>(in_[i].size()),
                               out_.data(), static_cast<int32_t>(out_.size()), &info, &err);
    if (U_FAILURE(err) || info.errors != 0) return false;
    out.assign(out_.data(), static_cast<std::size_t>(n));
    return true;
  }
  bool to_unicode_one(std::size_t i, std::string& out) override {
    UErrorCode err = U_ZERO_ERROR;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    const int32_t n =
        uidna_nameToUnicodeUTF8(idna_, in_[i].data(), static_cast<int32_t>(in_[i].size()),
                                out_.data(), static_cast<int32_t>(out_.size()), &info, &err);
    if (U_FAILURE(err) || info.errors != 0) return false;
    out.assign(out_.data(), static_cast<std::size_t>(n));
    return true;
  }

 private:
  UIDNA* idna_ = nullptr;
  std::vector<std::string> in_;
  std::string out_;
};

const bool registered = register_peer(
    {"icu", [] { return std::string(U_ICU_VERSION); },
     [](std::vector<std::unique_ptr<punycode_impl>>& v) { v.push_back(std::make_unique<icu_punycode>()); },
     [](std::vector<std::unique_ptr<idna_impl>>& v, idna_rules rules) {
       if (rules == idna_rules::uts46) v.push_back(std::make_unique<icu_idna>());
     }});
}  // namespace
}  // namespace bench
