#include "impls.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>

#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "workload.hpp"

#if PUNY_BENCH_HAVE_ICU
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
#endif

#if PUNY_BENCH_HAVE_LIBIDN
#include <punycode.h>
#include <stringprep.h>
#endif

#if PUNY_BENCH_HAVE_LIBIDN2
#include <dlfcn.h>
#include <idn2.h>
#endif

#if PUNY_BENCH_HAVE_ADA
#include <ada/idna/punycode.h>
#include <ada/idna/to_ascii.h>
#include <ada/idna/to_unicode.h>
#endif

namespace bench {
namespace {

// Output capacity that always suffices: a Punycode digit carries at least
// log2(base - tmax) > 3 bits and every delta is below 2^42 for any string
// that fits in memory, so 14 digits per code point is plenty.
std::size_t encode_capacity(std::size_t code_points) { return 14 * code_points + 64; }

// ---------------------------------------------------------------- puny ----

class puny_punycode final : public punycode_impl {
 public:
  std::string name() const override { return "puny"; }
  void set_encode_input(const std::vector<std::u32string>& labels) override {
    enc_in_ = labels;
    std::size_t longest = 0;
    for (const auto& l : labels) longest = std::max(longest, l.size());
    enc_out_.assign(encode_capacity(longest), '\0');
  }
  void set_decode_input(const std::vector<std::string>& punycode,
                        std::size_t max_code_points) override {
    dec_in_ = punycode;
    dec_out_.assign(max_code_points + 1, U'\0');
  }
  std::size_t encode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& l : enc_in_) {
      const auto r = puny::punycode::encode(l, enc_out_.data(), enc_out_.size());
      if (r.ok()) total += r.size; else ++errors;
    }
    return total;
  }
  std::size_t decode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& p : dec_in_) {
      const auto r = puny::punycode::decode(p, dec_out_.data(), dec_out_.size());
      if (r.ok()) total += r.size; else ++errors;
    }
    return total;
  }
  bool encode_one(std::size_t i, std::string& out) override {
    const auto r = puny::punycode::encode(enc_in_[i], enc_out_.data(), enc_out_.size());
    if (!r.ok()) return false;
    out.assign(enc_out_.data(), r.size);
    return true;
  }
  bool decode_one(std::size_t i, std::u32string& out) override {
    const auto r = puny::punycode::decode(dec_in_[i], dec_out_.data(), dec_out_.size());
    if (!r.ok()) return false;
    out.assign(dec_out_.data(), r.size);
    return true;
  }

 private:
  std::vector<std::u32string> enc_in_;
  std::vector<std::string> dec_in_;
  std::string enc_out_;
  std::u32string dec_out_;
};

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

// Same library, allocating UTF-32 forms (result<std::string> encode,
// result<std::u32string> decode): the form that matches ada's.
class puny_punycode_alloc final : public native_input_punycode {
 public:
  std::string name() const override { return "puny-alloc"; }
  std::size_t encode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& l : enc_in_) {
      const auto r = puny::punycode::encode(l);
      if (r.ok()) total += r.value.size(); else ++errors;
    }
    return total;
  }
  std::size_t decode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& p : dec_in_) {
      const auto r = puny::punycode::decode(p);
      if (r.ok()) total += r.value.size(); else ++errors;
    }
    return total;
  }
  bool encode_one(std::size_t i, std::string& out) override {
    auto r = puny::punycode::encode(enc_in_[i]);
    out = std::move(r.value);
    return r.ok();
  }
  bool decode_one(std::size_t i, std::u32string& out) override {
    auto r = puny::punycode::decode(dec_in_[i]);
    out = std::move(r.value);
    return r.ok();
  }
};

// Same library, UTF-8 in (encode) and UTF-8 out (decode).
class puny_punycode_utf8 final : public punycode_impl {
 public:
  std::string name() const override { return "puny-utf8"; }
  void set_encode_input(const std::vector<std::u32string>& labels) override {
    enc_in_.clear();
    std::size_t longest = 0;
    for (const auto& l : labels) {
      enc_in_.push_back(u32_to_utf8(l));
      longest = std::max(longest, l.size());
    }
    enc_out_.assign(encode_capacity(longest), '\0');
  }
  void set_decode_input(const std::vector<std::string>& punycode,
                        std::size_t max_code_points) override {
    dec_in_ = punycode;
    dec_out_.assign(4 * max_code_points + 4, '\0');
  }
  std::size_t encode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& l : enc_in_) {
      const auto r = puny::punycode::encode_utf8(l, enc_out_.data(), enc_out_.size());
      if (r.ok()) total += r.size; else ++errors;
    }
    return total;
  }
  std::size_t decode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& p : dec_in_) {
      const auto r = puny::punycode::decode_to_utf8(p, dec_out_.data(), dec_out_.size());
      if (r.ok()) total += r.size; else ++errors;
    }
    return total;
  }
  bool encode_one(std::size_t i, std::string& out) override {
    const auto r = puny::punycode::encode_utf8(enc_in_[i], enc_out_.data(), enc_out_.size());
    if (!r.ok()) return false;
    out.assign(enc_out_.data(), r.size);
    return true;
  }
  bool decode_one(std::size_t i, std::u32string& out) override {
    const auto r = puny::punycode::decode_to_utf8(dec_in_[i], dec_out_.data(), dec_out_.size());
    if (!r.ok()) return false;
    out = utf8_to_u32(std::string_view(dec_out_.data(), r.size));
    return true;
  }

 private:
  std::vector<std::string> enc_in_;
  std::vector<std::string> dec_in_;
  std::string enc_out_;
  std::string dec_out_;
};

// ----------------------------------------------------------------- ICU ----
#if PUNY_BENCH_HAVE_ICU

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

#endif  // PUNY_BENCH_HAVE_ICU

// -------------------------------------------------------------- libidn ----
#if PUNY_BENCH_HAVE_LIBIDN

class libidn_punycode final : public punycode_impl {
 public:
  std::string name() const override { return "libidn"; }
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

 private:
  std::vector<std::vector<punycode_uint>> enc_in_;
  std::vector<std::string> dec_in_;
  std::string enc_out_;
  std::vector<punycode_uint> dec_out_;
};

#endif  // PUNY_BENCH_HAVE_LIBIDN

// ------------------------------------------------------------- libidn2 ----
#if PUNY_BENCH_HAVE_LIBIDN2

// libidn2 keeps its raw Punycode functions out of idn2.h but still exports
// them (for old GnuTLS) under the non-default version node IDN2_0.0.0, which
// a plain link cannot bind; dlvsym can.
using idn2_puny_encode_fn = int (*)(std::size_t, const std::uint32_t*, std::size_t*, char*);
using idn2_puny_decode_fn = int (*)(std::size_t, const char*, std::size_t*, std::uint32_t*);

struct idn2_punycode_symbols {
  idn2_puny_encode_fn encode = nullptr;
  idn2_puny_decode_fn decode = nullptr;
  idn2_punycode_symbols() {
    // idn2_check_version makes sure libidn2 is loaded before the lookup.
    if (idn2_check_version(nullptr) == nullptr) return;
    encode = reinterpret_cast<idn2_puny_encode_fn>(
        dlvsym(RTLD_DEFAULT, "_idn2_punycode_encode", "IDN2_0.0.0"));
    decode = reinterpret_cast<idn2_puny_decode_fn>(
        dlvsym(RTLD_DEFAULT, "_idn2_punycode_decode", "IDN2_0.0.0"));
  }
};

const idn2_punycode_symbols& idn2_symbols() {
  static const idn2_punycode_symbols s;
  return s;
}

class libidn2_punycode final : public punycode_impl {
 public:
  std::string name() const override { return "libidn2"; }
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
  std::size_t encode_all(std::size_t& errors) override {
    std::size_t total = 0;
    const auto f = idn2_symbols().encode;
    for (const auto& l : enc_in_) {
      std::size_t n = enc_out_.size();
      if (f(l.size(), l.data(), &n, enc_out_.data()) == IDN2_OK) total += n; else ++errors;
    }
    return total;
  }
  std::size_t decode_all(std::size_t& errors) override {
    std::size_t total = 0;
    const auto f = idn2_symbols().decode;
    for (const auto& p : dec_in_) {
      std::size_t n = dec_out_.size();
      if (f(p.size(), p.data(), &n, dec_out_.data()) == IDN2_OK) total += n; else ++errors;
    }
    return total;
  }
  bool encode_one(std::size_t i, std::string& out) override {
    std::size_t n = enc_out_.size();
    const auto& l = enc_in_[i];
    if (idn2_symbols().encode(l.size(), l.data(), &n, enc_out_.data()) != IDN2_OK) return false;
    out.assign(enc_out_.data(), n);
    return true;
  }
  bool decode_one(std::size_t i, std::u32string& out) override {
    std::size_t n = dec_out_.size();
    const auto& p = dec_in_[i];
    if (idn2_symbols().decode(p.size(), p.data(), &n, dec_out_.data()) != IDN2_OK) return false;
    out.assign(dec_out_.begin(), dec_out_.begin() + static_cast<std::ptrdiff_t>(n));
    return true;
  }

 private:
  std::vector<std::vector<std::uint32_t>> enc_in_;
  std::vector<std::string> dec_in_;
  std::string enc_out_;
  std::vector<std::uint32_t> dec_out_;
};

class libidn2_idna final : public idna_impl {
 public:
  std::string name() const override { return "libidn2"; }
  void set_input(const std::vector<std::string>& domains) override { in_ = domains; }
  std::size_t to_ascii_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      char* out = nullptr;
      if (idn2_to_ascii_8z(d.c_str(), &out, IDN2_NONTRANSITIONAL) == IDN2_OK)
        total += std::char_traits<char>::length(out);
      else
        ++errors;
      idn2_free(out);
    }
    return total;
  }
  std::size_t to_unicode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      char* out = nullptr;
      if (idn2_to_unicode_8z8z(d.c_str(), &out, IDN2_NONTRANSITIONAL) == IDN2_OK)
        total += std::char_traits<char>::length(out);
      else
        ++errors;
      idn2_free(out);
    }
    return total;
  }
  bool to_ascii_one(std::size_t i, std::string& result) override {
    char* out = nullptr;
    const int rc = idn2_to_ascii_8z(in_[i].c_str(), &out, IDN2_NONTRANSITIONAL);
    if (rc == IDN2_OK) result = out;
    idn2_free(out);
    return rc == IDN2_OK;
  }
  bool to_unicode_one(std::size_t i, std::string& result) override {
    char* out = nullptr;
    const int rc = idn2_to_unicode_8z8z(in_[i].c_str(), &out, IDN2_NONTRANSITIONAL);
    if (rc == IDN2_OK) result = out;
    idn2_free(out);
    return rc == IDN2_OK;
  }

 private:
  std::vector<std::string> in_;
};

#endif  // PUNY_BENCH_HAVE_LIBIDN2

// ------------------------------------------------------------ ada-idna ----
#if PUNY_BENCH_HAVE_ADA

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

#endif  // PUNY_BENCH_HAVE_ADA

// ----------------------------------------------------------- puny IDNA ----

// to_ascii and to_unicode into a caller buffer (as ICU's UTF-8 API does);
// puny-alloc below is the result<std::string> form of both.
class puny_idna final : public idna_impl {
 public:
  explicit puny_idna(const puny::idna::options& opt) : opt_(opt) {}
  std::string name() const override { return "puny"; }
  void set_input(const std::vector<std::string>& domains) override {
    in_ = domains;
    out_.assign(1024, '\0');
  }
  std::size_t to_ascii_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      std::size_t written = 0;
      const puny::status st = puny::idna::to_ascii(d, out_.data(), out_.size(), written,
                                                   opt_);
      if (st.ok()) total += written; else ++errors;
    }
    return total;
  }
  std::size_t to_unicode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      std::size_t written = 0;
      const puny::status st = puny::idna::to_unicode(d, out_.data(), out_.size(), written,
                                                     opt_);
      if (st.ok()) total += written; else ++errors;
    }
    return total;
  }
  bool to_ascii_one(std::size_t i, std::string& out) override {
    std::size_t written = 0;
    const puny::status st = puny::idna::to_ascii(in_[i], out_.data(), out_.size(), written,
                                                 opt_);
    if (!st.ok()) return false;
    out.assign(out_.data(), written);
    return true;
  }
  bool to_unicode_one(std::size_t i, std::string& out) override {
    std::size_t written = 0;
    const puny::status st = puny::idna::to_unicode(in_[i], out_.data(), out_.size(), written,
                                                   opt_);
    if (!st.ok()) return false;
    out.assign(out_.data(), written);
    return true;
  }

 private:
  puny::idna::options opt_;
  std::vector<std::string> in_;
  std::string out_;
};

class puny_idna_alloc final : public idna_impl {
 public:
  explicit puny_idna_alloc(const puny::idna::options& opt) : opt_(opt) {}
  std::string name() const override { return "puny-alloc"; }
  void set_input(const std::vector<std::string>& domains) override { in_ = domains; }
  std::size_t to_ascii_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      const auto r = puny::idna::to_ascii(d, opt_);
      if (r.ok()) total += r.value.size(); else ++errors;
    }
    return total;
  }
  std::size_t to_unicode_all(std::size_t& errors) override {
    std::size_t total = 0;
    for (const auto& d : in_) {
      const auto r = puny::idna::to_unicode(d, opt_);
      if (r.ok()) total += r.value.size(); else ++errors;
    }
    return total;
  }
  bool to_ascii_one(std::size_t i, std::string& out) override {
    auto r = puny::idna::to_ascii(in_[i], opt_);
    if (!r.ok()) return false;
    out = std::move(r.value);
    return true;
  }
  bool to_unicode_one(std::size_t i, std::string& out) override {
    auto r = puny::idna::to_unicode(in_[i], opt_);
    if (!r.ok()) return false;
    out = std::move(r.value);
    return true;
  }

 private:
  puny::idna::options opt_;
  std::vector<std::string> in_;
};

}  // namespace

std::vector<std::unique_ptr<punycode_impl>> make_punycode_impls() {
  std::vector<std::unique_ptr<punycode_impl>> v;
  v.push_back(std::make_unique<puny_punycode>());
  v.push_back(std::make_unique<puny_punycode_utf8>());
  v.push_back(std::make_unique<puny_punycode_alloc>());
#if PUNY_BENCH_HAVE_ICU
  v.push_back(std::make_unique<icu_punycode>());
#endif
#if PUNY_BENCH_HAVE_LIBIDN
  v.push_back(std::make_unique<libidn_punycode>());
#endif
#if PUNY_BENCH_HAVE_LIBIDN2
  if (idn2_symbols().encode != nullptr && idn2_symbols().decode != nullptr)
    v.push_back(std::make_unique<libidn2_punycode>());
#endif
#if PUNY_BENCH_HAVE_ADA
  v.push_back(std::make_unique<ada_punycode>());
#endif
  return v;
}

std::vector<std::unique_ptr<idna_impl>> make_idna_impls(idna_rules rules) {
  std::vector<std::unique_ptr<idna_impl>> v;
  if (rules == idna_rules::url) {
    v.push_back(std::make_unique<puny_idna>(puny::idna::url));
    v.push_back(std::make_unique<puny_idna_alloc>(puny::idna::url));
#if PUNY_BENCH_HAVE_ADA
    v.push_back(std::make_unique<ada_idna>());
#endif
    return v;
  }
  v.push_back(std::make_unique<puny_idna>(puny::idna::uts46_default));
  v.push_back(std::make_unique<puny_idna_alloc>(puny::idna::uts46_default));
#if PUNY_BENCH_HAVE_ICU
  v.push_back(std::make_unique<icu_idna>());
#endif
#if PUNY_BENCH_HAVE_LIBIDN2
  v.push_back(std::make_unique<libidn2_idna>());
#endif
  return v;
}

std::vector<peer_info> peers() {
  std::vector<peer_info> v;
#if PUNY_BENCH_HAVE_ICU
  v.push_back({"icu", U_ICU_VERSION});
#else
  v.push_back({"icu", ""});
#endif
#if PUNY_BENCH_HAVE_LIBIDN
  v.push_back({"libidn", stringprep_check_version(nullptr)});
#else
  v.push_back({"libidn", ""});
#endif
#if PUNY_BENCH_HAVE_LIBIDN2
  std::string raw = (idn2_symbols().encode != nullptr && idn2_symbols().decode != nullptr)
                        ? " (raw Punycode via _idn2_punycode_* @IDN2_0.0.0)"
                        : " (raw Punycode symbols not found: IDNA only)";
  v.push_back({"libidn2", std::string(idn2_check_version(nullptr)) + raw});
#else
  v.push_back({"libidn2", ""});
#endif
#if PUNY_BENCH_HAVE_ADA
  v.push_back({"ada", std::string("ada-url/idna ") + PUNY_BENCH_ADA_REVISION});
#else
  v.push_back({"ada", ""});
#endif
  return v;
}

}  // namespace bench
