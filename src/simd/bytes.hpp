// simd/: unaligned loads and stores of 4 and 8 bytes in the machine's byte order,
// through memcpy (one move each on the targets we build for, and defined
// behaviour at any address): the word-at-a-time scans and copies of the
// ACE route (idna/ace_path.cpp) and of the SSE2 ASCII kernels (simd/).
#pragma once

#include <cstdint>
#include <cstring>

namespace puny::simd {

inline std::uint32_t load_u32(const char* p) noexcept {
  std::uint32_t x;
  std::memcpy(&x, p, 4);
  return x;
}
inline std::uint64_t load_u64(const char* p) noexcept {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  return x;
}
inline void store_u32(char* p, std::uint32_t x) noexcept { std::memcpy(p, &x, 4); }
inline void store_u64(char* p, std::uint64_t x) noexcept { std::memcpy(p, &x, 8); }

}  // namespace puny::simd
