// Unicode simple case mapping, backed by the generated src/tables/<version>/case_mapping.inc
// (tools/gen_tables/gen_tables.py, UnicodeData.txt fields 12 and 13).
//
// Each direction is a sorted list of runs: code points first + i * stride
// (i < length, stride 1 or 2) map to themselves plus one delta.  A lookup is
// a binary search for the last run starting at or before the code point.

#include "puny/case.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>

namespace puny::detail::ucd {
namespace {

#include "case_mapping.inc"

constexpr std::uint32_t run_first(std::uint32_t run) noexcept { return run >> 8; }
constexpr std::uint32_t run_last_index(std::uint32_t run) noexcept { return (run >> 1) & 0x7F; }
constexpr std::uint32_t run_stride(std::uint32_t run) noexcept { return (run & 1) + 1; }

// The binary search needs strictly increasing first code points, and every
// delta index must name a delta.
template <std::size_t N>
constexpr bool runs_sorted(const std::uint32_t (&runs)[N]) noexcept {
  for (std::size_t i = 1; i < N; ++i) {
    if (run_first(runs[i - 1]) >= run_first(runs[i])) return false;
  }
  return true;
}
template <std::size_t N>
constexpr bool indices_valid(const std::uint8_t (&indices)[N]) noexcept {
  for (std::size_t i = 0; i < N; ++i) {
    if (indices[i] >= std::size(case_deltas)) return false;
  }
  return true;
}
static_assert(runs_sorted(upper_runs) && runs_sorted(lower_runs), "case runs must be sorted");
static_assert(std::size(upper_runs) == std::size(upper_delta_index), "one delta per run");
static_assert(std::size(lower_runs) == std::size(lower_delta_index), "one delta per run");
static_assert(indices_valid(upper_delta_index) && indices_valid(lower_delta_index),
              "case delta index out of range");

template <std::size_t N>
char32_t map_case(char32_t c, const std::uint32_t (&runs)[N],
                  const std::uint8_t (&delta_index)[N]) noexcept {
  const std::uint32_t cp = c;
  if (cp >= 0x110000) return c;
  // First run whose first code point is above cp; the one before may hold cp.
  const std::uint32_t* it = std::upper_bound(std::begin(runs), std::end(runs), (cp << 8) | 0xFFu);
  if (it == std::begin(runs)) return c;
  --it;
  const std::uint32_t offset = cp - run_first(*it);
  const std::uint32_t stride = run_stride(*it);
  if (offset % stride != 0 || offset / stride > run_last_index(*it)) return c;
  const auto i = static_cast<std::size_t>(it - std::begin(runs));
  return static_cast<char32_t>(static_cast<std::int32_t>(cp) + case_deltas[delta_index[i]]);
}

}  // namespace
}  // namespace puny::detail::ucd

namespace puny::unicode {

char32_t simple_uppercase(char32_t c) noexcept {
  return detail::ucd::map_case(c, detail::ucd::upper_runs, detail::ucd::upper_delta_index);
}

char32_t simple_lowercase(char32_t c) noexcept {
  return detail::ucd::map_case(c, detail::ucd::lower_runs, detail::ucd::lower_delta_index);
}

}  // namespace puny::unicode
