// Fuzz target: every Bootstring engine against the reference coder
// (tests/reference/rfc3492_reference.hpp, RFC 3492 section 6 transcribed).
//
// Input layout: byte 0 picks the mode; then, for a random profile, 12 bytes
// of parameters (tests/reference/random_profile.hpp); the rest is the
// string to decode, or code points to encode (3 bytes each, see
// random_code_point), or for Punycode encoding UTF-32 drawn the same way.
//   mode bit 0: decode (0) or encode (1)
//   mode bit 1: the Punycode profile (0: every engine, including the
//               fixed-profile one and punycode.hpp) or a random valid profile
//               (1: the generic engine, every strategy and form)
//   mode bit 2: encode with appendix A case flags (one per code point, from
//               the low bit of each triple's first byte)
//
// Property: output, case flags, error kind, offset and code point agree
// with the reference for every engine, and every caller-buffer form honours
// its capacity (exact, one short, zero, roomy) with buffer_too_small and
// the exact size needed (tests/reference/engine_differential.hpp).
#include <cstdio>
#include <string>
#include <vector>

#include "engine_differential.hpp"
#include "fuzz_support.hpp"
#include "random_profile.hpp"

namespace {

namespace bs = puny::bootstring;
namespace ref = puny::reference;

void require(const std::string& difference) {
  if (difference.empty()) return;
  std::fprintf(stderr, "engines disagree with the reference: %s\n", difference.c_str());
  PUNY_FUZZ_CHECK(difference.empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  puny::fuzz::reader rd(data, size);
  const std::uint8_t mode = rd.byte();
  const bool encode = (mode & 1) != 0;
  const bool punycode = (mode & 2) == 0;
  const bool with_flags = (mode & 4) != 0;
  const bs::parameters p = punycode ? puny::punycode::profile : ref::random_profile(rd);
  PUNY_FUZZ_CHECK(bs::validate(p) == bs::parameter_error::ok);
  if (!encode) {
    const std::string_view in = rd.rest();
    require(punycode ? ref::punycode_decode_differences(in) : ref::decode_differences(in, p));
    return 0;
  }
  std::u32string in;
  std::vector<bool> flags;
  while (rd.remaining() >= 3) {
    const std::uint8_t low = rd.rest().empty() ? 0 : static_cast<std::uint8_t>(rd.rest()[0]);
    in.push_back(ref::random_code_point(rd, p));
    if (with_flags) flags.push_back((low & 1) != 0);
  }
  // With tmax = base - 1 a digit can carry weight factor 1: keep the
  // (legal but useless) profile's output short.
  if (p.tmax == p.base - 1 && in.size() > 64) {
    in.resize(64);
    if (with_flags) flags.resize(64);
  }
  require(punycode ? ref::punycode_encode_differences(in, flags)
                   : ref::encode_differences(in, p, flags));
  return 0;
}
