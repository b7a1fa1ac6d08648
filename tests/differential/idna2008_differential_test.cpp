// Differential test: puny::idna2008 against libidn2's IDNA2008 mode, on the
// source column of every IdnaTestV2.txt line (the build's Unicode version)
// and on generated names (generated_names.hpp).
//
//   lookup:       idn2_lookup_u8(name, IDN2_NO_TR46)  vs  idna2008::lookup(name)
//   registration: idn2_register_u8 per label (libidn2 registers one label at a
//                 time: a U-label as its first argument, an xn-- label as its
//                 A-label argument)  vs  idna2008::registration(label)
//
// Both sides must agree on success or failure and on the output.  Every
// disagreement must be explained by the allow-list in explained() below:
//   * version skew: Debian 12's libidn2 2.3.3 derives its IDNA2008 tables from
//     an older Unicode than this build (see kLibidn2Unicode); a name holding
//     a code point assigned after that version is counted, not compared.
//   * empty labels (lookup): libidn2 looks up "a..b"; an empty label is not a
//     label of a domain name (RFC 1034 section 3.1), puny refuses it.
//   * uppercase or mixed-case A-labels (lookup): libidn2 accepts
//     "XN--BCHER-KVA" when looking up; RFC 5891 section 5.3 requires that
//     converting the U-label back gives the A-label exactly, so puny refuses.
//   * ASCII labels in registration: libidn2 returns an all-ASCII "U-label"
//     unchecked ("-ab", "a_b", "ab--c", even "a b"); puny's registration wants
//     LDH labels with the hyphen rules (RFC 5890 section 2.3.1, RFC 5891
//     section 4.2.3.1).
//   * the Bidi rule (lookup): libidn2 tests RFC 5893 only on labels that hold
//     an RTL character; RFC 5893 section 2 applies it to every label of a
//     Bidi domain name, so puny refuses "0x.\u05D0" (as UTS #46 CheckBidi).
//     And libidn2 (lookup and registration) does not test condition 4 (an RTL label must not
//     mix European and Arabic-Indic digits, EN and AN): puny refuses "\u05D00\u0660".
#include <gtest/gtest.h>
#include <idn2.h>
#include <unicode/uchar.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "../conformance/idna_test_v2_escapes.hpp"
#include "generated_names.hpp"
#include "puny/idna2008.hpp"
#include "puny/unicode.hpp"

#ifndef PUNY_UNICODE_DATA_DIR
#error "PUNY_UNICODE_DATA_DIR must name the Unicode data directory"
#endif

namespace {

namespace i8 = puny::idna2008;

// libidn2 2.3.3's IDNA2008 tables are Unicode 12: U+A7BB (new in 12.0) is
// PVALID there, U+A7CA (new in 13.0) UNASSIGNED.  Code points newer than
// 12.0 are UNASSIGNED there.
constexpr UVersionInfo kLibidn2Unicode = {12, 0, 0, 0};

bool newer_than_libidn2(const std::string& name) {
  std::u32string cps;
  (void)puny::unicode::utf8_to_utf32(name, cps);
  for (char32_t c : cps) {
    if (u_charType(static_cast<UChar32>(c)) == U_UNASSIGNED) return true;  // after ICU's 15.0
    UVersionInfo age;
    u_charAge(static_cast<UChar32>(c), age);
    if (std::lexicographical_compare(kLibidn2Unicode, kLibidn2Unicode + 4, age, age + 4))
      return true;
  }
  return false;
}

struct outcome {
  bool ok = false;
  std::string value;
  std::string error;
};

outcome idn2_lookup(const std::string& name) {
  outcome o;
  char* out = nullptr;
  const int rc = idn2_lookup_u8(reinterpret_cast<const uint8_t*>(name.c_str()),
                                reinterpret_cast<uint8_t**>(&out), IDN2_NO_TR46);
  o.ok = rc == IDN2_OK;
  if (o.ok) o.value = out;
  else o.error = idn2_strerror_name(rc);
  idn2_free(out);
  return o;
}

bool starts_with_ace_prefix(const std::string& s) {
  return s.size() >= 4 && (s[0] | 0x20) == 'x' && (s[1] | 0x20) == 'n' && s[2] == '-' &&
         s[3] == '-';
}

outcome idn2_register_label(const std::string& label) {
  outcome o;
  char* out = nullptr;
  const auto* text = reinterpret_cast<const uint8_t*>(label.c_str());
  const int rc = starts_with_ace_prefix(label)
                     ? idn2_register_u8(nullptr, text, reinterpret_cast<uint8_t**>(&out), 0)
                     : idn2_register_u8(text, nullptr, reinterpret_cast<uint8_t**>(&out), 0);
  o.ok = rc == IDN2_OK;
  if (o.ok) o.value = out;
  else o.error = idn2_strerror_name(rc);
  idn2_free(out);
  return o;
}

outcome puny_side(const puny::result<std::string>& r) {
  outcome o;
  o.ok = r.ok();
  o.value = r.value;
  if (!o.ok) o.error = puny::to_string(r.status);
  return o;
}

bool is_ascii(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

bool has_rtl(const std::string& s) {
  std::u32string cps;
  (void)puny::unicode::utf8_to_utf32(s, cps);
  for (char32_t c : cps) {
    const auto d = u_charDirection(static_cast<UChar32>(c));
    if (d == U_RIGHT_TO_LEFT || d == U_RIGHT_TO_LEFT_ARABIC || d == U_ARABIC_NUMBER) return true;
  }
  return false;
}

// The allow-list (see the top of the file): the reason a disagreement is
// expected, or null.
const char* explained(bool lookup, const std::string& input, const puny::result<std::string>& got,
                      const outcome& ref) {
  if (newer_than_libidn2(input)) return "code point newer than libidn2's Unicode 12 tables";
  // The same inside A-labels: look at their U-labels.
  if (got.ok() && !ref.ok) {
    i8::options u;
    u.output = i8::output_form::unicode;
    const auto decoded = lookup ? i8::lookup(input, u) : i8::registration(input, u);
    if (decoded.ok() && newer_than_libidn2(decoded.value))
      return "code point newer than libidn2's Unicode 12 tables";
  }
  if (got.ok() || !ref.ok) return nullptr;  // every allowed case: libidn2 accepts, puny refuses
  const puny::errc code = got.status.code;
  if (code == puny::errc::bidi && got.status.detail == 4)
    return "Bidi rule 4 (EN and AN in one RTL label; libidn2 does not test it)";
  if (lookup) {
    if (code == puny::errc::empty_label) return "lookup: empty label (libidn2 looks it up)";
    if (code == puny::errc::a_label_not_canonical && got.status.offset < input.size() &&
        input[got.status.offset] >= 'A' && input[got.status.offset] <= 'Z')
      return "lookup: uppercase A-label (RFC 5891 5.3 round trip; libidn2 accepts)";
    if (code == puny::errc::bidi) {
      // The failing label has no RTL character: libidn2 skips it.
      std::size_t begin = 0;
      for (std::size_t k = 0; k < got.status.label; ++k) begin = input.find('.', begin) + 1;
      const std::string label = input.substr(begin, input.find('.', begin) - begin);
      if (!has_rtl(label)) return "lookup: Bidi rule on an LTR label of a Bidi domain name";
    }
    return nullptr;
  }
  if (is_ascii(input) && !starts_with_ace_prefix(input) &&
      (code == puny::errc::disallowed || code == puny::errc::leading_hyphen ||
       code == puny::errc::trailing_hyphen || code == puny::errc::hyphen_3_4))
    return "registration: ASCII label that is not LDH (libidn2 does not check it)";
  return nullptr;
}

struct tally {
  std::size_t compared = 0, both_ok = 0, both_fail = 0, disagreements = 0;
  std::map<std::string, std::size_t> allowed;
};

void compare(tally& t, bool lookup, const std::string& input) {
  // libidn2's lookup leaves every ASCII label to the DNS, "a b" included;
  // puny's lookup refuses forbidden domain code points unless asked not to.
  i8::options plain;
  plain.forbid_domain_code_points = false;
  const auto got = lookup ? i8::lookup(input, plain) : i8::registration(input);
  const outcome ref = lookup ? idn2_lookup(input) : idn2_register_label(input);
  const outcome mine = puny_side(got);
  ++t.compared;
  if (mine.ok == ref.ok && (!mine.ok || mine.value == ref.value)) {
    ++(mine.ok ? t.both_ok : t.both_fail);
    return;
  }
  if (const char* why = explained(lookup, input, got, ref)) {
    ++t.allowed[why];
    return;
  }
  if (++t.disagreements <= 15)
    ADD_FAILURE() << (lookup ? "lookup " : "registration ") << input << "\n  puny:    ok="
                  << mine.ok << " '" << mine.value << "' " << mine.error
                  << "\n  libidn2: ok=" << ref.ok << " '" << ref.value << "' " << ref.error;
}

void report(const char* what, const tally& t) {
  std::printf("[libidn2 %s, IDNA2008 %s] %zu compared: %zu valid on both sides, %zu refused by "
              "both, %zu disagreements\n",
              IDN2_VERSION, what, t.compared, t.both_ok, t.both_fail, t.disagreements);
  for (const auto& [why, count] : t.allowed) std::printf("    allowed: %zu x %s\n", count, why.c_str());
}

// The source column of IdnaTestV2.txt, as UTF-8 (lines with a lone
// surrogate cannot be UTF-8 and are left out).
std::vector<std::string> idna_test_v2_sources() {
  const std::string path = std::string(PUNY_UNICODE_DATA_DIR) + "/idna/IdnaTestV2.txt";
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    const auto semi = line.find(';');
    if (semi == std::string::npos) continue;
    std::string field = line.substr(0, semi);
    while (!field.empty() && (field.back() == ' ' || field.back() == '\t')) field.pop_back();
    while (!field.empty() && (field.front() == ' ' || field.front() == '\t')) field.erase(0, 1);
    const std::u32string cps = field == "\"\"" ? std::u32string{} : idna_test_v2::unescape(field);
    std::string utf8;
    if (puny::unicode::utf32_to_utf8(cps, utf8).ok()) out.push_back(utf8);
  }
  return out;
}

std::vector<std::string> split_labels(const std::string& name) {
  std::vector<std::string> out;
  std::size_t b = 0;
  for (;;) {
    const std::size_t e = name.find('.', b);
    out.push_back(name.substr(b, e == std::string::npos ? std::string::npos : e - b));
    if (e == std::string::npos) break;
    b = e + 1;
  }
  return out;
}

constexpr int kGenerated = 20000;

std::vector<std::string> all_inputs() {
  std::vector<std::string> inputs = idna_test_v2_sources();
  EXPECT_GT(inputs.size(), 6000u) << "IdnaTestV2.txt is missing or truncated";
  std::mt19937 rng(5891);
  for (int i = 0; i < kGenerated; ++i) inputs.push_back(generated_names::make_name(rng));
  return inputs;
}

TEST(DifferentialIdna2008, LookupAgreesWithLibidn2) {
  tally t;
  for (const std::string& name : all_inputs()) compare(t, true, name);
  report("lookup", t);
  EXPECT_EQ(t.disagreements, 0u);
  EXPECT_GT(t.both_ok, 1000u) << "too few names valid on both sides to mean anything";
}

TEST(DifferentialIdna2008, RegistrationAgreesWithLibidn2) {
  tally t;
  for (const std::string& name : all_inputs())
    for (const std::string& label : split_labels(name))
      if (!label.empty()) compare(t, false, label);
  report("registration, per label", t);
  EXPECT_EQ(t.disagreements, 0u);
  EXPECT_GT(t.both_ok, 1000u) << "too few labels valid on both sides to mean anything";
}

}  // namespace
