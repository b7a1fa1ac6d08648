// puny CLI: reading the input lines (input_lines.hpp): the reader's buffer
// refills, the line count of a --jobs block, and what the input is (a
// terminal, a regular file of known size).
#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

#include "input_lines.hpp"

#if defined(_WIN32)
#include <io.h>
#else
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace puny::cli {

// The "\n" bytes of `text`.  The reading thread of --jobs counts every
// block's lines (the next block's first line number) while the other
// threads convert, so this is part of the work only one thread can do:
// with SSE2 (every x86-64), 16 bytes per compare, the matches summed in
// byte counters that are folded into 64-bit sums (psadbw) before they can
// overflow, a few instructions per 16 bytes where std::count is a byte loop
// and the eight-byte version below spends about three instructions a byte
// (baseline x86-64 has no POPCNT instruction).
std::size_t count_line_breaks(std::string_view text) {
  std::size_t count = 0, i = 0;
#if defined(__SSE2__) && defined(__x86_64__)
  const __m128i newline = _mm_set1_epi8('\n');
  const __m128i zero = _mm_setzero_si128();
  while (i + 16 <= text.size()) {
    // At most 255 rounds per byte counter.
    const std::size_t rounds = std::min<std::size_t>((text.size() - i) / 16, 255);
    __m128i counters = zero;
    for (std::size_t r = 0; r < rounds; ++r, i += 16) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i));
      counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(bytes, newline));  // a match is -1
    }
    const __m128i sums = _mm_sad_epu8(counters, zero);
    count += static_cast<std::size_t>(_mm_cvtsi128_si64(sums)) +
             static_cast<std::size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
  }
#else
  // Per 64-bit word: the bytes equal to '\n' become zero in x, and y gets
  // the high bit of exactly those bytes (no borrow between bytes).
  constexpr std::uint64_t newlines = 0x0A0A0A0A0A0A0A0Aull;
  constexpr std::uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, text.data() + i, 8);
    const std::uint64_t x = word ^ newlines;
    const std::uint64_t y = ~(((x & low7) + low7) | x | low7);
    count += static_cast<std::size_t>(__builtin_popcountll(y));
  }
#endif
  for (; i < text.size(); ++i) count += text[i] == '\n';
  return count;
}

bool line_reader::would_wait() const {
  if (eof_ || std::memchr(buf_.data() + begin_, '\n', end_ - begin_) != nullptr) return false;
#if defined(_WIN32)
  return true;
#else
  pollfd p{fd_, POLLIN, 0};
  return ::poll(&p, 1, 0) == 0;
#endif
}

void line_reader::fill() {
  // Keep the unfinished line at the front; grow when it fills the buffer.
  if (begin_ > 0) {
    std::memmove(&buf_[0], buf_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (buf_.size() - end_ < read_chunk / 2) buf_.resize(buf_.size() * 2);
  const std::size_t want = buf_.size() - end_;
#if defined(_WIN32)
  const std::size_t got = std::fread(&buf_[end_], 1, want, stdin);
  if (got == 0) {
    if (std::ferror(stdin)) error_ = errno ? errno : EIO;
    eof_ = true;
  }
  end_ += got;
#else
  // read(2) returns what is available, so --line-buffered works on pipes.
  for (;;) {
    const ssize_t got = ::read(fd_, &buf_[end_], want);
    if (got > 0) {
      end_ += static_cast<std::size_t>(got);
      return;
    }
    if (got == 0) {
      eof_ = true;
      return;
    }
    if (errno == EINTR) continue;
    error_ = errno;
    eof_ = true;
    return;
  }
#endif
}

bool is_terminal(int fd) {
#if defined(_WIN32)
  return _isatty(fd) != 0;
#else
  return ::isatty(fd) != 0;
#endif
}

// The size of the input behind `fd` when it is a regular file, else 0.
std::size_t regular_file_size(int fd) {
#if defined(_WIN32)
  (void)fd;
  return 0;
#else
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  const off_t here = ::lseek(fd, 0, SEEK_CUR);
  return st.st_size > here && here >= 0 ? static_cast<std::size_t>(st.st_size - here) : 0;
#endif
}

}  // namespace puny::cli
