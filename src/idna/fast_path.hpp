// When UTS #46 processing can be skipped: the one decision every entry
// point asks (decide), before it touches the workspace.
//
// Two routes skip the stages (stages.hpp):
//  * lowercase: input made only of ASCII letters, digits, '-' and '.' with
//    no label the enabled checks reject and no "xn--" label.  UTS #46
//    section 4 then reduces to ASCII lowercasing: every such code point is
//    valid or mapped to its lowercase form (step 1), nothing is a mark,
//    joiner or RTL character (V6, V8), there is nothing to normalize or
//    decode (steps 2, 4.1); only V2/V3 (CheckHyphens) and VerifyDnsLength
//    look at the labels, and those are checked here.
//  * url_ascii: the URL family's all-ASCII rule (url.hpp), which is the URL
//    Standard's behaviour rather than an optimization; pipeline.cpp has the
//    reference form of it.
// A third, ace_to_unicode (ace_path.cpp), serves ToUnicode of UTF-8 input
// the decision leaves to the pipeline with verdict::ldh set: names with
// xn-- labels whose decoding no enabled check can reject are converted
// label by label without the workspace.
// Everything else goes to the pipeline, which gives the same result for
// every input (tests/unit/fast_path_test.cpp and fuzz/fuzz_idna_fast_path.cpp
// run every input both ways, with fast_paths_disabled set).
//
// Contract of decide: for route::lowercase and route::url_ascii with `low`
// non-null, low[0, n) holds the input ASCII-lowercased, which is the
// result; route::url_failed: the result is first_url_error(input) (url.hpp).
// For route::pipeline, low[0, n) may have been written; when verdict::ldh
// is set, it holds the lowercased input, which is only letters, digits, '-'
// and '.', and verdict::dots its dot mask (for map_ldh_ascii).
#pragma once

#include <atomic>
#include <cstdint>
#include <type_traits>

#include "idna/url.hpp"
#include "idna/workspace.hpp"
#include "simd/ascii.hpp"

namespace puny::idna::detail {

enum class route : std::uint8_t {
  pipeline,    // run the stages (pipeline.cpp)
  lowercase,   // the result is the input ASCII-lowercased, no error
  url_ascii,   // URL family, ASCII input: the lowercased input, no error
  url_failed,  // URL family, ASCII input that fails: first_url_error(input)
};

// Small on purpose (no status inside): entry points keep it in registers.
struct verdict {
  route how;
  bool ldh;            // pipeline route: low[0, n) is the lowercased input,
                       // only letters, digits, '-' and '.' ...
  std::uint64_t dots;  // ... with this dot mask (for map_ldh_ascii)
};

// Test hook: when set, decide always answers route::pipeline, so every
// entry point runs the full pipeline (tests compare both ways).
extern std::atomic<bool> fast_paths_disabled;

// The second tier of decide (fast_path.cpp): the URL family's ASCII input
// that is not only LDH-or-dot, and the scalar label rules for what the
// masks do not cover (inputs over 64 bytes, VerifyDnsLength, UTF-16 and
// UTF-32 input).  Out of line: it loops per character and is rare.
template <class CharT>
verdict decide_scalar(const CharT* in, std::size_t n, const options& opt, operation op,
                      char* low) noexcept;

// The first tier of decide: no calls, only the SIMD blocks, so an entry
// point that inlines it needs no stack frame on its fast path.  Sets
// `settled` when its verdict is final; otherwise decide_scalar decides.
template <class CharT>
PUNY_SIMD_INLINE verdict decide_quick(const CharT* in, std::size_t n, const options& opt,
                                      operation op, char* low, bool& settled) noexcept {
  verdict v{route::pipeline, false, 0};
  settled = true;
  if (fast_paths_disabled.load(std::memory_order_relaxed)) return v;
  if constexpr (std::is_same_v<CharT, char>) {
    if (op == operation::to_ascii && url_family(opt)) {
      // The URL Standard's all-ASCII rule.  The common case: only letters,
      // digits, hyphens and dots, lowercased 16 bytes at a time; such a
      // result fails only when empty.
      if (low != nullptr && n != 0 && simd::best::lower_ldh(in, n, low)) {
        v.how = route::url_ascii;
        return v;
      }
    } else if (n <= simd::ldh_masks_max && !opt.verify_dns_length) {
      // The label rules as mask operations (bit i = byte i):
      //   label starts = bit 0 and every bit after a dot, label ends = bit
      //   n-1 and every bit before a dot;
      //   V3 (CheckHyphens): no hyphen at a start or an end;
      //   V2 / ACE prefix: a hyphen at start+2 followed by one at start+3
      //   sends the domain to the pipeline ("xn--" labels are decoded
      //   there, "ab--" fails V2 there), whatever CheckHyphens says.
      simd::ldh_masks m;
      simd::best::classify_ldh(in, n, low, m);
      if (m.bad != 0) return v;
      v.ldh = true;
      v.dots = m.dot;
      if (n == 0) {
        v.how = route::lowercase;
        return v;
      }
      const std::uint64_t starts = (m.dot << 1) | 1u;  // bit n (a final empty label) is harmless
      if ((starts << 2) & m.hyphen & (m.hyphen >> 1)) return v;
      if (opt.check_hyphens) {
        const std::uint64_t ends = (m.dot >> 1) | (std::uint64_t{1} << (n - 1));
        if (m.hyphen & (starts | ends)) return v;
      }
      v.how = route::lowercase;
      return v;
    }
  }
  settled = false;
  return v;
}

// The ACE route, for ToUnicode of UTF-8 input the decision left to the
// pipeline with verdict::ldh set (typically a name with xn-- labels):
// converts low[0, n) (verdict::dots its dot mask) into UTF-8 at `out`,
// which has room for 4 * n bytes, and returns the size, when every label
// is certain to pass; else ace_declined, and the pipeline decides
// (ace_path.cpp has the argument).  Not taken when fast_paths_disabled is
// set (decide then never sets verdict::ldh).
constexpr std::size_t ace_declined = static_cast<std::size_t>(-1);
std::size_t ace_to_unicode(const char* low, std::size_t n, std::uint64_t dots, const options& opt,
                           char* out) noexcept;
// The same for UTF-8 input of ace_max_input bytes or less that the decision
// does not classify (over simd::ldh_masks_max bytes): in[0, n) as it is,
// lowercased and split at its dots here (declined unless only letters,
// digits, '-' and '.'); `out` has room for 4 * n bytes.  Declines when
// fast_paths_disabled is set.
constexpr std::size_t ace_max_input = 256;
std::size_t ace_to_unicode_long(const char* in, std::size_t n, const options& opt,
                                char* out) noexcept;

// The IDN route, for ToASCII of UTF-8 input the decision left to the
// pipeline without verdict::ldh (typically a name with non-ASCII labels):
// converts in[0, n) into `out`, which has room for idn_output_room(n)
// bytes, and returns the size, when every code point is vouched for by its
// ucd::idna_plain_kind (or maps to one that is) and every label is certain
// to pass; else idn_declined, and the pipeline decides (idn_path.cpp has
// the argument).  Declines when fast_paths_disabled is set.
constexpr std::size_t idn_declined = static_cast<std::size_t>(-1);
constexpr std::size_t idn_max_input = 256;
// "xn--", the encoder's room (bootstring::label::direct_encode_capacity)
// and a dot for each label.
constexpr std::size_t idn_output_room(std::size_t n) { return 18 * n + 8; }
std::size_t idn_to_ascii(const char* in, std::size_t n, const options& opt, char* out) noexcept;

// `low`: room for n bytes; may be null only when n > simd::ldh_masks_max.
template <class CharT>
PUNY_SIMD_INLINE verdict decide(const CharT* in, std::size_t n, const options& opt, operation op,
                                char* low) noexcept {
  bool settled;
  const verdict v = decide_quick(in, n, opt, op, low, settled);
  return settled ? v : decide_scalar(in, n, opt, op, low);
}

}  // namespace puny::idna::detail
