// Helpers shared by the fuzz targets: a property check that aborts with a
// message (libFuzzer then saves the input), and a byte reader that turns
// the head of the fuzz input into choices.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "puny/bootstring.hpp"
#include "puny/status.hpp"

#define PUNY_FUZZ_CHECK(cond)                                                          \
  do {                                                                                 \
    if (!(cond)) {                                                                     \
      std::fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                    \
    }                                                                                  \
  } while (false)

// Input size limit of this build of a target in bytes, 0 for none (set by
// fuzz/CMakeLists.txt: label- and domain-sized plain targets, unlimited
// *_long targets and replays).
#ifndef PUNY_FUZZ_MAX_INPUT
#define PUNY_FUZZ_MAX_INPUT 0
#endif

namespace puny::fuzz {

inline constexpr std::size_t max_input = PUNY_FUZZ_MAX_INPUT;

// Inputs above the limit belong to the *_long target: skipped here, so no
// time goes into them (fuzz/run.sh sets -max_len to the limit as well).
inline bool beyond_size_limit(std::size_t size) { return max_input != 0 && size > max_input; }

// Consumes bytes from the front of the input; returns 0 when exhausted.
class reader {
 public:
  reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  std::uint32_t u16() { return static_cast<std::uint32_t>(byte()) | (std::uint32_t{byte()} << 8); }
  std::uint32_t u32() { return u16() | (u16() << 16); }
  bool flag() { return (byte() & 1) != 0; }
  std::string_view rest() const {
    return {reinterpret_cast<const char*>(data_) + pos_, size_ - pos_};
  }
  std::size_t remaining() const { return size_ - pos_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

// A capacity for a caller buffer given the size the allocating form needs:
// exactly that, one less (OpenSSL CVE-2022-3602), one more, zero, or any.
inline std::size_t pick_capacity(std::uint8_t choice, std::size_t needed, std::uint8_t extra) {
  switch (choice % 6) {
    case 0: return needed;
    case 1: return needed == 0 ? 0 : needed - 1;
    case 2: return needed + 1;
    case 3: return 0;
    case 4: return needed / 2;
    default: return extra;
  }
}

inline bool same_error(const status& a, const status& b) {
  return a.code == b.code && a.offset == b.offset;
}

// A caller-buffer form `encode_into(out, capacity)` against the allocating
// result `ref`: the same error, or the same output; when it does not fit,
// buffer_too_small with the exact size (and, where the API keeps it, the
// prefix that fits: encoders do, decoders leave the contents unspecified).
template <class Into>
void check_buffer_form(Into&& into, const puny::result<std::string>& ref, std::size_t capacity,
                       bool prefix_kept) {
  std::unique_ptr<char[]> buf(new char[capacity]);
  const puny::bootstring::buffer_result r = into(buf.get(), capacity);
  if (!ref.ok()) {
    PUNY_FUZZ_CHECK(same_error(r.status, ref.status));
    return;
  }
  const std::size_t n = ref.value.size();
  if (capacity >= n) {
    PUNY_FUZZ_CHECK(r.ok() && r.size == n);
    PUNY_FUZZ_CHECK(std::string_view(buf.get(), n) == ref.value);
  } else {
    PUNY_FUZZ_CHECK(r.status.code == errc::buffer_too_small && r.status.needed == n);
    if (prefix_kept)
      PUNY_FUZZ_CHECK(std::string_view(buf.get(), capacity) == ref.value.substr(0, capacity));
  }
}

// ASCII letters lowered; the canonical (lower-case digit) form of Punycode.
inline std::string lower_ascii(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

}  // namespace puny::fuzz
