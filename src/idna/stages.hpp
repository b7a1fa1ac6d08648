// The stages of UTS #46 revision 35 section 4 ("Processing"), one file
// each, and the pipeline that runs them.  Every stage reads and writes the
// calling thread's workspace (workspace.hpp).
//
//   stage              file               spec
//   ----------------   ----------------   -------------------------------------
//   entry points       uts46.cpp          puny/idna.hpp: fast path, else pipeline
//   decode + Map       map.cpp            section 4 step 1 (input UTF-8/16/32)
//   Normalize          normalize.cpp      section 4 step 2 (NFC, per label)
//   Break + Convert    convert.cpp        section 4 steps 3, 4.1 (xn-- decoding)
//   Validate           validate.cpp       section 4 step 4.2, section 4.1 V1-V7
//   Bidi rule          bidi.cpp           V8: RFC 5893 section 2
//   CONTEXTJ           contextj.cpp       V7 CheckJoiners: RFC 5892 A.1, A.2
//   Emit               emit.cpp           section 4.2 ToASCII, 4.3 ToUnicode
//   URL Standard       url.hpp, url.cpp   "domain to ASCII", beStrict=false
//   fast path          fast_path.hpp,     when the stages can be skipped
//                      fast_path.cpp
//   ACE route          ace_path.cpp       ToUnicode of LDH names with xn-- labels
//   IDN route          idn_path.cpp       ToASCII of UTF-8 names one table read
//                                         per code point vouches for
//   pipeline           pipeline.cpp       the order the entry points run them in
//   explain            explain.cpp        the same pipeline, every step kept
//   mapping rows       mapping_entry.cpp  puny::idna::mapping_of: one row of
//                                         IdnaMappingTable.txt (puny.idna)
//   workspace          workspace.hpp,     per-thread buffers, errors, offsets
//                      workspace.cpp
//   shared helpers     internal.hpp       what several stages use
// (tests/layout/check_maps.py checks that every file of src/idna/ is named
// here.)
//
// Where a change lands: a new UTS #46 flag in options (idna.hpp), the stage
// it modifies, and fast_path.hpp if it can reject LDH input; a new Unicode
// version in src/tables/ only; a new output encoding in emit.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "idna/workspace.hpp"

namespace puny::idna::detail {

// ---- map.cpp: section 4 step 1 -------------------------------------------
// Decodes the input and maps it into ws.mapped (+ source offsets), records
// the dots (step 3's break points) and the code points later steps must
// look at.  Ill-formed input becomes U+FFFD with an invalid_* error.
void decode_and_map(workspace& ws, const options& opt, std::string_view in);
void decode_and_map(workspace& ws, const options& opt, std::u16string_view in);
void decode_and_map(workspace& ws, const options& opt, std::u32string_view in);
// The same result as decode_and_map for input that is only ASCII letters,
// digits, '-' and '.', from its lowercased bytes `low` and its dot mask
// (bit i = byte i; n <= 64).
void map_ldh_ascii(workspace& ws, const char* low, std::size_t n, std::uint64_t dots);
// One code point at a time (explain.cpp records each mapping), after
// start_map.
inline void start_map(workspace& ws, std::size_t input_length) {
  ws.input_length = input_length;
  // The workspace keeps its capacity across calls: this grows it only.
  ws.mapped.reserve(input_length);
  ws.mapped_off.reserve(input_length);
}
void map_code_point(workspace& ws, const options& opt, char32_t c, std::size_t off);

// ---- normalize.cpp: section 4 step 2 ---------------------------------------
// Puts label mapped[a, b) into l: in place when it is already NFC (ASCII,
// or all its non-ASCII code points "plain": none in ws.check), else
// normalize_label_slow decides (quick check, or its NFC in ws.text).
// Inline: it runs once per label and is nearly always the first case.
void normalize_label_slow(workspace& ws, label_info& l, std::size_t a, std::size_t b);
inline void normalize_label(workspace& ws, label_info& l, std::size_t a, std::size_t b) {
  if (!l.ascii) {
    const auto first_check = std::lower_bound(ws.check.begin(), ws.check.end(), a);
    if (first_check != ws.check.end() && *first_check < b) {
      normalize_label_slow(ws, l, a, b);
      return;
    }
  }
  l.begin = a;
  l.end = b;
}

// ---- convert.cpp: section 4 steps 2-4 over every label ------------------------
// Breaks ws.mapped at the dots, normalizes, decodes xn-- labels and
// validates every label, then the whole-domain checks; leaves ws.labels.
void process(workspace& ws, const options& opt, operation op);

// ---- validate.cpp: section 4.1 ---------------------------------------------
// V2 and V3 (CheckHyphens) on a label's code points: the one copy (inline:
// it runs on every label).
inline void check_hyphens(workspace& ws, std::u32string_view s, std::size_t src,
                          std::size_t label) {
  const std::size_t n = s.size();
  if (n == 0) return;
  // V2: no U+002D in both the third and fourth positions.
  if (n >= 4 && s[2] == '-' && s[3] == '-') add_error(ws, errc::hyphen_3_4, src, label);
  // V3: neither begin nor end with U+002D.
  if (s[0] == '-') add_error(ws, errc::leading_hyphen, src, label);
  if (s[n - 1] == '-') add_error(ws, errc::trailing_hyphen, src, label);
}
// Every criterion on label ws.labels[index] (V1 only for decoded labels).
void validate_label(workspace& ws, const options& opt, std::size_t index, bool transitional,
                    bool decoded_ace);
// One pass over a label in ws.text: sets all_plain, rtl, ascii_suspect;
// returns whether it is all ASCII.
bool scan_text_label(label_info& l, std::u32string_view s);
// V8 CheckBidi over labels [0, checked) when the domain is a Bidi domain name.
void check_bidi_domain(workspace& ws, std::size_t checked);

// ---- url.cpp: forbidden domain code points in the processed labels ------------
// The first ASCII code point of the labels that is a forbidden domain code
// point (url.hpp), reported with its offset in the caller's input.  For
// the URL family after UTS #46 processing, and options::
// forbid_domain_code_points.
void check_forbidden_in_labels(workspace& ws);
// The URL family's checks after UTS #46 processing and emit_ascii (pipeline.cpp):
// an empty result (empty_label at 0), else check_forbidden_in_labels.
void url_checks_after_emit(workspace& ws, std::size_t output_size);

// The URL family's extra output (url.cpp).  url_validation_errors: every
// error of the URL Standard's strict ToASCII of `domain` ("domain parser"
// steps 1-2: opt with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength
// on), in input order; empty when opt is not the URL family.  Resets the
// calling thread's workspace.
std::vector<status> url_validation_errors(std::string_view domain, const options& opt);
// "domain to Unicode" step 2: the input appended as it is, each ill-formed
// sequence replaced by one U+FFFD (as decode_and_map counts them).
void append_input_unchanged(std::string_view in, std::string& out);
void append_input_unchanged(std::u16string_view in, std::u16string& out);
void append_input_unchanged(std::u32string_view in, std::u32string& out);

// ---- emit.cpp: sections 4.2 and 4.3 ------------------------------------------
// ToASCII steps 2-4: appends to out, records A3 / A4_1 / A4_2.  The
// std::string form writes ws.out8 first (a buffer that is never filled
// before it is written) and appends it.
void emit_ascii(workspace& ws, const options& opt, pod_buffer<char>& out);
void emit_ascii(workspace& ws, const options& opt, std::string& out);
// ToUnicode as UTF-8, UTF-16 or UTF-32, appended.
void emit_unicode(const workspace& ws, std::string& out);
void emit_unicode(const workspace& ws, std::u16string& out);
void emit_unicode(const workspace& ws, std::u32string& out);
// ToUnicode as UTF-8 at p, which has room for unicode_utf8_size (exact) or
// unicode_utf8_worst_size bytes; returns the end.
char* write_unicode_utf8(const workspace& ws, char* p);
std::size_t unicode_utf8_size(const workspace& ws);
// 4 bytes per code point, and the dots.
inline std::size_t unicode_utf8_worst_size(const workspace& ws) {
  std::size_t cps = 0;
  for (const label_info& l : ws.labels) cps += l.end - l.begin;
  return 4 * cps + ws.labels.size();
}

// ---- pipeline.cpp ------------------------------------------------------------
// ToASCII into `out` (appended), every step; returns the first error (out
// then holds the best-effort result).  `ldh_low` is null, or the input
// lowercased when the fast path found it only LDH-or-dot (UTF-8, at most
// 64 bytes, dot mask `dots`), which spares the decoding.  Out: std::string,
// or (UTF-8 input) ws.out8 itself, for the caller-buffer entry points.
template <class CharT, class Out>
status run_to_ascii(workspace& ws, std::basic_string_view<CharT> in, const options& opt,
                    Out& out, const char* ldh_low = nullptr, std::uint64_t dots = 0);
// ToUnicode up to its output (then emit_unicode / write_unicode_utf8);
// returns the first error.
template <class CharT>
status run_to_unicode(workspace& ws, std::basic_string_view<CharT> in, const options& opt,
                      const char* ldh_low = nullptr, std::uint64_t dots = 0);

}  // namespace puny::idna::detail
