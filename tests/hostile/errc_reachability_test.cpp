// Every puny::errc is reachable from the public API and is reported with
// the right UTS #46 status code (PyPI idna kjd/idna#260 class: an error kind
// the library declared but raised under another name, so callers matching
// on it never saw it).
//
// The table below holds, for each errc value, one public call that
// produces it and the code uts46_code() must give.  The loop runs over the
// whole enum (up to the first value without a name), so a new errc without
// a row here fails the test.  Two values cannot be produced by any input
// and are listed with the reason; the test asserts that they stay
// unreachable in the ways that would be expected to produce them.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "puny.h"
#include "puny/bootstring.hpp"
#include "puny/display.hpp"
#include "puny/email.hpp"
#include "puny/idna.hpp"
#include "puny/idna2008.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"

namespace {

using puny::errc;
using puny::status;
namespace idna = puny::idna;
namespace pc = puny::punycode;
namespace bs = puny::bootstring;

struct reach {
  std::function<status()> call;  // a public call that fails with the errc
  std::string uts46;             // what uts46_code() gives for it ("" if not IDNA)
  std::size_t offset;            // where the error is reported
};

idna::options flags(bool hyphens, bool bidi, bool joiners, bool std3, bool dns) {
  idna::options o;
  o.check_hyphens = hyphens;
  o.check_bidi = bidi;
  o.check_joiners = joiners;
  o.use_std3_ascii_rules = std3;
  o.verify_dns_length = dns;
  return o;
}

// 2^32 code points (16 GiB) and 2^32 bytes of zero pages that are mapped,
// never touched: an input above bootstring's 2^32 - 2 code point limit
// without the memory for one.  The size check comes before any read.
struct huge_mapping {
  static constexpr std::size_t count = std::size_t{1} << 32;
  void* p = MAP_FAILED;
  huge_mapping() {
    p = mmap(nullptr, count * sizeof(char32_t), PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
             -1, 0);
  }
  ~huge_mapping() {
    if (p != MAP_FAILED) munmap(p, count * sizeof(char32_t));
  }
};

std::map<errc, reach> reachable() {
  std::map<errc, reach> t;
  t[errc::invalid_utf8] = {[] { return idna::to_ascii("ab\xFF").status; }, "", 2};
  t[errc::invalid_utf16] = {[] { return idna::to_ascii(std::u16string_view(u"a\xD800")).status; },
                            "", 1};
  t[errc::invalid_code_point] = {
      [] { return pc::encode(std::u32string{U'a', U'b', char32_t{0x110000}}).status; }, "", 2};
  t[errc::buffer_too_small] = {[] {
                                 std::size_t written = 0;
                                 char out[4];
                                 return idna::to_ascii("example.com", out, sizeof out, written);
                               },
                               "", 0};
  t[errc::input_too_long] = {[] {
                               huge_mapping m;
                               if (m.p == MAP_FAILED) return status{};  // fails the test below
                               return pc::encode(std::u32string_view(
                                                     static_cast<const char32_t*>(m.p), m.count))
                                   .status;
                             },
                             "", std::size_t{0xFFFFFFFE}};
  t[errc::bad_parameters] = {[] {
                               bs::parameters p = pc::profile;
                               p.tmin = p.tmax + 1;
                               std::string out;
                               return bs::encode(U"abc", p, out);
                             },
                             "", 0};
  // From IDNA a non-ASCII character in an xn-- label is P4 before Punycode
  // sees it (UTS #46 section 4 step 4.1), so this one is the Punycode
  // layer's own.
  t[errc::non_basic_before_delimiter] = {[] { return pc::decode("a\xC3\xBC-kva").status; }, "P4", 1};
  t[errc::invalid_digit] = {[] { return idna::to_ascii("a.xn--bcher-k!a").status; }, "P4", 13};
  // Reported at the label's last character (the Punycode layer says k, the
  // end of its input).
  t[errc::truncated_number] = {[] { return idna::to_unicode("xn--bcher-kv").status; }, "P4", 11};
  // Overflow and out-of-range values: at the offset the Punycode layer
  // reports for the payload, moved past "xn--".
  const std::string nines(40, '9');
  t[errc::overflow] = {[nines] { return idna::to_ascii("xn--" + nines).status; }, "P4",
                       4 + pc::decode(nines).status.offset};
  bs::parameters loose = pc::profile;
  loose.max_code_point = 0x7FFFFFFF;
  std::string above;
  (void)bs::encode(std::u32string{U'a', char32_t{0x110000}}, loose, above);
  t[errc::decoded_out_of_range] = {[above] { return idna::to_unicode("xn--" + above).status; }, "P4",
                                   4 + pc::decode(above).status.offset};
  t[errc::case_flags_mismatch] = {[] { return pc::encode(U"abc", std::vector<bool>(2)).status; },
                                  "", 2};
  t[errc::disallowed] = {[] { return idna::to_ascii("ab\xEF\xBF\xBF").status; }, "V7", 2};
  t[errc::std3_disallowed] = {[] { return idna::to_ascii("a_b", idna::registration).status; },
                              "U1", 1};
  t[errc::invalid_ace_label] = {[] { return idna::to_ascii("a.xn--ascii-").status; }, "P4", 2};
  t[errc::not_nfc] = {[] { return idna::to_unicode("xn--u-ccb").status; }, "V1", 0};
  t[errc::hyphen_3_4] = {[] { return idna::to_ascii("ab--c").status; }, "V2", 0};
  t[errc::leading_hyphen] = {[] { return idna::to_ascii("a.-b").status; }, "V3", 2};
  t[errc::trailing_hyphen] = {[] { return idna::to_ascii("b-.a").status; }, "V3", 0};
  t[errc::ace_prefix] = {[] {
                           return idna::to_unicode("xn--xn---3ra",
                                                   flags(false, true, true, false, false))
                               .status;
                         },
                         "V4", 0};
  t[errc::leading_combining_mark] = {[] { return idna::to_ascii("a.b.\xCC\x88" "c.d").status; },
                                     "V6", 4};
  t[errc::contextj] = {[] { return idna::to_ascii("a\xE2\x80\x8C" "b").status; }, "C1", 1};
  t[errc::bidi] = {[] { return idna::to_ascii("\xD7\x90t\xD7\xAA").status; }, "B2", 0};
  t[errc::empty_label] = {[] { return idna::to_ascii("a..b", idna::registration).status; }, "A4_2",
                          2};
  t[errc::label_too_long] = {
      [] { return idna::to_ascii(std::string(64, 'a') + ".com", idna::registration).status; },
      "A4_2", 0};
  t[errc::domain_too_long] = {[] {
                                std::string name;
                                for (int j = 0; j < 127; ++j) name += "a.";
                                name += "a";  // 255 bytes
                                return idna::to_ascii(name, idna::registration).status;
                              },
                              "A4_1", 0};
  t[errc::forbidden_domain_code_point] = {[] { return idna::to_ascii("a<b", idna::url).status; },
                                          "", 1};
  // The IDNA2008 profile's own codes (RFC 5891/5892), with no UTS #46 code.
  t[errc::unassigned] = {[] { return puny::idna2008::registration("a\xCD\xB8.com").status; },
                         "", 1};  // U+0378
  t[errc::contexto] = {[] { return puny::idna2008::registration("a\xC2\xB7" "b").status; }, "",
                       1};  // U+00B7 between two letters other than l
  t[errc::a_label_not_canonical] = {
      [] { return puny::idna2008::registration("XN--BCHER-KVA.de").status; }, "", 0};
  // The lists of puny/display.hpp: the offset is the malformed line's.
  t[errc::list_syntax] = {[] {
                            puny::display::protected_domains list;
                            puny::display::list_error error;
                            (void)puny::display::protected_domains::parse("a.com\nnot a name\n", "t",
                                                                           list, error);
                            return error.status;
                          },
                          "", 6};
  t[errc::file_unreadable] = {[] {
                                puny::display::public_suffix_list list;
                                puny::display::list_error error;
                                (void)puny::display::public_suffix_list::load("/nonexistent/psl.dat",
                                                                               list, error);
                                return error.status;
                              },
                              "", 0};
  // E-mail addresses (puny/email.hpp): the offset is in the address.
  const auto mail = [](const char* in, puny::email::options o = {}) {
    return [in, o] { return puny::email::validate(in, o).status; };
  };
  puny::email::options quoted, literal, no_utf8;
  quoted.allow_quoted_local_part = true;
  literal.allow_address_literal = true;
  no_utf8.allow_smtputf8 = false;
  t[errc::missing_at] = {mail("example.com"), "", 11};
  t[errc::empty_local_part] = {mail("@example.com"), "", 0};
  t[errc::local_part_too_long] = {mail("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@x.com"),
                                  "", 0};
  static const std::string long_address =
      std::string(64, 'a') + "@" + std::string(63, 'b') + "." + std::string(63, 'c') + "." +
      std::string(58, 'd') + ".com";
  t[errc::address_too_long] = {[] { return puny::email::validate(long_address).status; }, "", 0};
  t[errc::local_part_character] = {mail("a b@x.com"), "", 1};
  t[errc::local_part_dot] = {mail("a..b@x.com"), "", 2};
  t[errc::quoted_local_part] = {mail("\"a\"@x.com"), "", 0};
  t[errc::unterminated_quote] = {mail("\"a@x.com", quoted), "", 0};
  t[errc::address_literal] = {mail("a@[192.0.2.1]"), "", 2};
  t[errc::invalid_address_literal] = {mail("a@[192.0.2.256]", literal), "", 2};
  t[errc::smtputf8_required] = {mail("\xC3\xBC@x.com", no_utf8), "", 0};
  t[errc::display_name_syntax] = {[] {
                                    puny::email::options o;
                                    o.allow_display_name = true;
                                    return puny::email::validate("A <a@x.com", o).status;
                                  },
                                  "", 10};
  t[errc::domain_not_global] = {mail("a@localhost"), "", 2};
  t[errc::special_use_domain] = {mail("a@b.onion"), "", 2};
  t[errc::extra_at_sign] = {mail("a@@x.com"), "", 2};
  t[errc::domain_character] = {mail("a@x/y.com"), "", 3};
  return t;
}

// No input produces these; see each reason.
const std::map<errc, const char*> unreachable = {
    // V5: a label holding U+002E.  The Break step splits on every '.' the
    // Map step produced (U+FF0E and the other full stops map to it), and
    // Punycode decoding inserts only code points from U+0080 up, so no
    // label, decoded or not, can hold one.
    {errc::label_has_dot, "V5"},
    // A3: Punycode encoding of a valid label fails only for a label above
    // 2^32 - 2 code points (input_too_long), which needs a 16 GiB input and
    // tens of GiB of workspace.
    {errc::punycode_encode_failed, "A3"},
};

TEST(ErrcReachability, EveryErrcFromThePublicApiWithItsUts46Code) {
  const std::map<errc, reach> table = reachable();
  std::size_t covered = 0;
  for (unsigned v = 1; v < 256; ++v) {
    const auto code = static_cast<errc>(v);
    if (puny::to_string(code) == "unknown") break;
    SCOPED_TRACE(std::string(puny::to_string(code)));
    // Every error kind has a message of its own.
    EXPECT_NE(puny::message(code), "unknown error");
    if (const auto u = unreachable.find(code); u != unreachable.end()) {
      status s;
      s.code = code;
      EXPECT_EQ(idna::uts46_code(s), u->second);
      ++covered;
      continue;
    }
    const auto row = table.find(code);
    ASSERT_NE(row, table.end()) << "no public call in the table produces this errc";
    const status s = row->second.call();
    EXPECT_EQ(s.code, code) << puny::to_string(s);
    EXPECT_EQ(s.offset, row->second.offset) << puny::to_string(s);
    EXPECT_EQ(idna::uts46_code(s), row->second.uts46);
    ++covered;
  }
  EXPECT_EQ(covered, table.size() + unreachable.size());
  // The Punycode-layer offsets used above are inside their payloads.
  EXPECT_EQ(pc::decode(std::string(40, '9')).status.code, errc::overflow);
  EXPECT_LT(pc::decode(std::string(40, '9')).status.offset, 40u);
  EXPECT_EQ(covered, static_cast<std::size_t>(errc::domain_character));
}

TEST(ErrcReachability, Uts46CodesOfTheRefinedErrors) {
  // C1 / C2 and B1..B6 through the detail field, X4_2 / A4_2 for empty
  // labels: each from an input (the Bidi and joiner ones from
  // IdnaTestV2.txt, Unicode 17.0.0).
  struct refined {
    const char* input;
    bool to_unicode;
    idna::options opt;
    errc code;
    const char* uts46;
  };
  const std::vector<refined> cases = {
      {"a\xE2\x80\x8C" "b", false, idna::uts46_default, errc::contextj, "C1"},
      {"a\xE2\x80\x8D" "b", false, idna::uts46_default, errc::contextj, "C2"},
      {"\xD9\xA0", false, idna::uts46_default, errc::bidi, "B1"},
      {"\xD7\x90t\xD7\xAA", false, idna::uts46_default, errc::bidi, "B2"},
      {"\xF0\x90\xAE\x85.\xDA\xBC\xF0\x9F\x81\x95", false, idna::uts46_default, errc::bidi, "B3"},
      {"\xC3\xA0.\xD7\x90" "0\xD9\xA0\xD7\x90", false, idna::uts46_default, errc::bidi, "B4"},
      {"a\xD8\xA8\xCC\x88\xE2\x80\x8C\xCC\x88\xD8\xA8" "b", false, idna::uts46_default, errc::bidi,
       "B5"},
      {"\xC3\xA0\xCB\x87.\xD7\x90", false, idna::uts46_default, errc::bidi, "B6"},
      {"a..b", false, idna::registration, errc::empty_label, "A4_2"},
      {"a..b", true, idna::registration, errc::empty_label, "X4_2"},
  };
  for (const refined& c : cases) {
    SCOPED_TRACE(c.input);
    const idna::detailed d =
        c.to_unicode ? idna::to_unicode_detailed(c.input, c.opt) : idna::to_ascii_detailed(c.input, c.opt);
    bool found = false;
    for (const status& s : d.errors.all)
      if (s.code == c.code && idna::uts46_code(s) == c.uts46) found = true;
    EXPECT_TRUE(found);
  }
}

TEST(ErrcReachability, UnreachableErrorsStayUnreachable) {
  // The inputs that would be expected to produce V5: full stops of every
  // kind next to and inside ACE labels, in every preset.
  const std::vector<std::string> dots = {".", "\xE3\x80\x82", "\xEF\xBC\x8E", "\xEF\xBD\xA1"};
  for (const std::string& dot : dots) {
    for (const std::string& in : {"xn--a" + dot + "b-kva", "a" + dot + "b", "xn--" + dot,
                                  "b\xC3\xBC" + dot + "xn--tda" + dot}) {
      for (const idna::options& opt :
           {idna::uts46_default, idna::registration, idna::url, idna::url_strict}) {
        for (const idna::detailed& d : {idna::to_ascii_detailed(in, opt), idna::to_unicode_detailed(in, opt)})
          for (const status& s : d.errors.all) EXPECT_NE(s.code, errc::label_has_dot) << in;
      }
    }
  }
}

TEST(ErrcReachability, CApiReportsWhatTheCppApiReports) {
  // puny.h numbers its codes like errc and names them alike.
  for (unsigned v = 1; v < 256; ++v) {
    const auto code = static_cast<errc>(v);
    if (puny::to_string(code) == "unknown") break;
    EXPECT_EQ(std::string(puny_error_name(static_cast<int>(v))), puny::to_string(code)) << v;
  }
  // The IDNA rows of the table through puny_to_ascii / puny_to_unicode:
  // same code, offset, label and UTS #46 code.
  struct c_case {
    std::string input;
    bool to_unicode;
    int preset;
    idna::options opt;
  };
  const std::vector<c_case> cases = {
      {"ab\xFF", false, PUNY_PRESET_UTS46, idna::uts46_default},
      {"a.xn--bcher-k!a", false, PUNY_PRESET_UTS46, idna::uts46_default},
      {"xn--bcher-kv", true, PUNY_PRESET_UTS46, idna::uts46_default},
      {"ab\xEF\xBF\xBF", false, PUNY_PRESET_UTS46, idna::uts46_default},
      {"a_b", false, PUNY_PRESET_REGISTRATION, idna::registration},
      {"a.xn--ascii-", false, PUNY_PRESET_UTS46, idna::uts46_default},
      {"xn--u-ccb", true, PUNY_PRESET_UTS46, idna::uts46_default},
      {"ab--c", false, PUNY_PRESET_UTS46, idna::uts46_default},
      {"a.-b", false, PUNY_PRESET_UTS46, idna::uts46_default},
      {"a.b.\xCC\x88" "c.d", false, PUNY_PRESET_UTS46, idna::uts46_default},
      {"a\xE2\x80\x8D" "b", false, PUNY_PRESET_UTS46, idna::uts46_default},
      {"\xD7\x90t\xD7\xAA", false, PUNY_PRESET_UTS46, idna::uts46_default},
      {"a..b", true, PUNY_PRESET_REGISTRATION, idna::registration},
      {std::string(64, 'a') + ".com", false, PUNY_PRESET_URL_STRICT, idna::url_strict},
      {"b\xC3\xBC" "cher<.de", false, PUNY_PRESET_URL, idna::url},
  };
  for (const c_case& c : cases) {
    SCOPED_TRACE(c.input);
    const status want = c.to_unicode ? idna::to_unicode(c.input, c.opt).status
                                     : idna::to_ascii(c.input, c.opt).status;
    ASSERT_FALSE(want.ok());
    puny_idna_options copt;
    ASSERT_EQ(puny_idna_options_init(&copt, c.preset), PUNY_OK);
    puny_error err = PUNY_ERROR_INIT;
    char out[512];
    std::size_t written = 0;
    const puny_errc got = c.to_unicode
                              ? puny_to_unicode(c.input.data(), c.input.size(), out, sizeof out,
                                                &written, &copt, &err)
                              : puny_to_ascii(c.input.data(), c.input.size(), out, sizeof out,
                                              &written, &copt, &err);
    EXPECT_EQ(static_cast<int>(got), static_cast<int>(want.code));
    EXPECT_EQ(err.code, static_cast<int>(want.code));
    EXPECT_EQ(err.offset, want.offset);
    EXPECT_EQ(err.label, want.label);
    EXPECT_EQ(std::string(puny_uts46_code(&err)), std::string(idna::uts46_code(want)));
  }
  // The C API's own codes: a NULL input with a length is an argument error;
  // out of memory and internal errors have no input that produces them.
  puny_error err = PUNY_ERROR_INIT;
  std::size_t written = 0;
  char out[8];
  EXPECT_EQ(puny_to_ascii(nullptr, 3, out, sizeof out, &written, nullptr, &err),
            PUNY_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(puny_to_ascii("example.com", 11, out, 4, &written, nullptr, &err),
            PUNY_ERR_BUFFER_TOO_SMALL);
  EXPECT_EQ(err.needed, 12u);  // the NUL terminator counts (puny.h)
}

}  // namespace
