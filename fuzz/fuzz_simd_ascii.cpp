// Fuzz target: the SSE2 ASCII primitives (src/simd/ascii.hpp) against their
// scalar reference, on arbitrary bytes at every length and alignment.
//
// Input layout: byte 0 picks a misalignment (0..15) of the copy the
// primitives read, byte 1 a `first` value for iota; the rest is the data.
// Each primitive reads an exact heap copy (so a read past the end is an
// ASan report) and writes into buffers with guard bytes.
//
// Properties, for every primitive both implementations have:
//  1. lower_widen16 (on each 16-byte block): same answer; when true, same
//     code points and dot mask.
//  2. widen, narrow, iota: identical outputs.
//  3. classify_ldh (n <= 64) and lower_ldh (any n): identical output bytes,
//     masks and return values, and nothing written past n.
// On a machine without SSE2 `best` is the scalar code and the target checks
// the scalar code against itself (trivially true).
#include <cstring>
#include <memory>
#include <vector>

#include "fuzz_support.hpp"
#include "simd/ascii.hpp"

namespace {

namespace simd = puny::simd;
#if defined(__SSE2__)
namespace fast = puny::simd::sse2;
#else
namespace fast = puny::simd::scalar;
#endif
namespace ref = puny::simd::scalar;

constexpr char guard = '\x5A';

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (puny::fuzz::beyond_size_limit(size)) return 0;
  puny::fuzz::reader rd(data, size);
  const std::size_t shift = rd.byte() % 16;
  const std::size_t first = rd.u16();
  const std::string_view rest = rd.rest();
  const std::size_t n = rest.size();
  // An exact heap block, misaligned by `shift`.
  std::unique_ptr<char[]> block(new char[n + shift]);
  char* const in = block.get() + shift;
  if (n != 0) std::memcpy(in, rest.data(), n);

  // 1. lower_widen16, block by block.
  for (std::size_t at = 0; at + 16 <= n; at += 16) {
    char32_t a[16], b[16];
    unsigned dots_a = 0, dots_b = 0;
    const auto* p = reinterpret_cast<const unsigned char*>(in + at);
    const bool ra = ref::lower_widen16(p, a, dots_a);
    const bool rb = fast::lower_widen16(p, b, dots_b);
    PUNY_FUZZ_CHECK(ra == rb);
    if (ra) PUNY_FUZZ_CHECK(dots_a == dots_b && std::memcmp(a, b, sizeof a) == 0);
  }

  // 2. widen (ASCII bytes only, as its contract says), narrow, iota.
  std::string ascii(rest);
  for (char& c : ascii) c = static_cast<char>(static_cast<unsigned char>(c) & 0x7F);
  std::vector<char32_t> wa(n + 1, U'\x5A'), wb(n + 1, U'\x5A');
  ref::widen(ascii.data(), n, wa.data());
  fast::widen(ascii.data(), n, wb.data());
  PUNY_FUZZ_CHECK(wa == wb && wb[n] == U'\x5A');
  std::vector<char> na(n + 1, guard), nb(n + 1, guard);
  ref::narrow(wa.data(), n, na.data());
  fast::narrow(wa.data(), n, nb.data());
  PUNY_FUZZ_CHECK(na == nb && nb[n] == guard);
  PUNY_FUZZ_CHECK(std::string_view(nb.data(), n) == ascii);
  std::vector<std::size_t> ia(n + 1, 7), ib(n + 1, 7);
  ref::iota(ia.data(), n, first);
  fast::iota(ib.data(), n, first);
  PUNY_FUZZ_CHECK(ia == ib && ib[n] == 7);

  // 3. classify_ldh on every prefix up to 64 bytes, lower_ldh on the whole.
  for (std::size_t len = 0; len <= n && len <= simd::ldh_masks_max; ++len) {
    std::unique_ptr<char[]> exact(new char[len + 1]);
    if (len != 0) std::memcpy(exact.get(), in, len);
    char oa[simd::ldh_masks_max + 1], ob[simd::ldh_masks_max + 1];
    std::memset(oa, guard, sizeof oa);
    std::memset(ob, guard, sizeof ob);
    simd::ldh_masks ma, mb;
    ref::classify_ldh(exact.get(), len, oa, ma);
    fast::classify_ldh(exact.get(), len, ob, mb);
    PUNY_FUZZ_CHECK(ma.bad == mb.bad && ma.dot == mb.dot && ma.hyphen == mb.hyphen);
    PUNY_FUZZ_CHECK(std::memcmp(oa, ob, len) == 0 && ob[len] == guard);
  }
  std::vector<char> la(n + 1, guard), lb(n + 1, guard);
  const bool ok_a = ref::lower_ldh(in, n, la.data());
  const bool ok_b = fast::lower_ldh(in, n, lb.data());
  PUNY_FUZZ_CHECK(ok_a == ok_b && la == lb && lb[n] == guard);
  return 0;
}
