// The per-thread workspace (workspace.hpp), error collection and source
// offsets.  Contract: local_workspace() returns a reset workspace whose
// buffers keep their capacity from earlier calls on the same thread, up to
// workspace_keep_limit; errors are reported in input order.
#include "idna/workspace.hpp"

#include <algorithm>
#include <new>
#include <utility>

namespace puny::idna::detail {

namespace {

// Buffers are kept per thread so steady-state calls do not allocate, but a
// thread that once processed a huge name should not hold that memory for
// ever: past this many elements of capacity in any of its buffers the
// workspace starts afresh.
constexpr std::size_t workspace_keep_limit = std::size_t{1} << 16;

// Checking every buffer's capacity on every call costs about 60
// instructions, a few percent of converting a short IDN, so the check runs
// only after a call whose input could have grown a buffer past the limit.
// A call sets ws.input_length (start_map) before it writes any buffer, and
// no buffer holds more than 486 elements per input unit: a code point maps
// to at most 18 (IdnaMappingTable.txt, U+FDFA), NFC at most triples a
// string, and Punycode spends at most 9 bytes per code point (a delta below
// 0x110000 * 2^32 has at most 8 base-36 digits).  With the factor 2 of
// geometric growth, inputs up to this many units never leave more than the
// limit behind.
constexpr std::size_t max_elements_per_input_unit = 486;
constexpr std::size_t inputs_below_need_no_check =
    workspace_keep_limit / (2 * max_elements_per_input_unit);
static_assert(inputs_below_need_no_check >= 64, "names up to 64 bytes skip the check");

// Destroys ws and builds it afresh in place, not `ws = workspace{}`:
// move-assigning an empty std::string keeps the destination's heap storage
// (libstdc++ copies a short string into the existing buffer), so out8 and
// ace would stay huge.  Not a swap with a fresh one either: its three moves
// are 1.6 KB of code (bench/README.md, "Size").  Nothing here throws: every
// member's default constructor is noexcept.  Out of line: inlined, it costs
// every call a few instructions of register saves.
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
void start_afresh(workspace& ws) {
  ws.~workspace();
  new (&ws) workspace();
}

}  // namespace

void release_if_huge(workspace& ws) noexcept {
  if (ws.input_length > inputs_below_need_no_check && ws.holds_more_than(workspace_keep_limit))
    start_afresh(ws);
}

workspace& local_workspace() {
  thread_local workspace ws;
  // ws.input_length is still the previous call's (reset() clears it below).
  release_if_huge(ws);
  ws.reset();
  return ws;
}

void add_error(workspace& ws, errc code, std::size_t offset, std::size_t label, char32_t cp,
               std::uint8_t detail) {
  status s;
  s.code = code;
  s.offset = offset;
  s.label = label;
  s.code_point = cp;
  s.detail = detail;
  // The same error again (a check finding each of a decoded label's
  // disallowed code points, all at the label's offset: issue 51 saw 98
  // copies of one V7) is reported once.
  if (!ws.errors.empty()) {
    const status& last = ws.errors.back();
    if (last.code == code && last.offset == offset && last.label == label && last.code_point == cp &&
        last.detail == detail)
      return;
  }
  ws.errors.push_back(s);
}

// Errors are recorded check by check, each check in input order; a stable
// sort by offset puts them in input order overall (equal offsets keep the
// order of the checks).  A bottom-up merge sort through a second buffer, not
// std::stable_sort: a fifth of its code (bench/README.md, "Size").  It
// merges the runs already in order (one per check and label, where the
// offsets step back), not runs of one: O(n log runs), linear for the few
// runs of a long label with an error at every code point, where starting
// from runs of one made it O(n log n) (issue 57: one label of U+FDFA, three
// STD3 errors a code point, doubled at x2.5 from 256 KB to 1 MB).
status sort_errors_and_take_first(workspace& ws) {
  std::vector<status>& errors = ws.errors;
  const std::size_t n = errors.size();
  const auto by_offset = [](const status& a, const status& b) { return a.offset < b.offset; };
  // Most names with errors have them in order already (one check, or one
  // error): nothing to allocate or merge then.
  const auto unsorted = std::is_sorted_until(errors.begin(), errors.end(), by_offset);
  if (unsorted != errors.end()) {
    std::vector<std::size_t> starts{0};  // the runs: [starts[k], starts[k + 1])
    for (std::size_t i = static_cast<std::size_t>(unsorted - errors.begin()); i < n; ++i)
      if (errors[i].offset < errors[i - 1].offset) starts.push_back(i);
    starts.push_back(n);
    std::vector<status> other(n);
    status* from = errors.data();
    status* to = other.data();
    while (starts.size() > 2) {
      std::size_t kept = 0;  // starts of the merged runs, written over the old
      std::size_t k = 0;
      for (; k + 2 < starts.size(); k += 2) {
        // std::merge takes the first range's element of equal ones: stable.
        std::merge(from + starts[k], from + starts[k + 1], from + starts[k + 1], from + starts[k + 2],
                   to + starts[k], by_offset);
        starts[kept++] = starts[k];
      }
      if (k + 1 < starts.size()) {  // an odd run out: copied as it is
        std::copy(from + starts[k], from + starts[k + 1], to + starts[k]);
        starts[kept++] = starts[k];
      }
      starts[kept++] = n;
      starts.resize(kept);
      std::swap(from, to);
    }
    if (from != errors.data()) errors.swap(other);
  }
  return errors.empty() ? status{} : errors.front();
}

// A label with many errors after NFC would make a scan per error quadratic,
// so the code points of the mapped label are sorted once (O(n log n)) with
// their positions, and looked up by binary search.
std::size_t offset_of(workspace& ws, const label_info& l, std::size_t i) {
  if (!l.in_text) return ws.source_offset(l.begin + i);
  const std::size_t n = l.mapped_end - l.mapped_begin;
  if (n == 0) return l.src;  // decoded Punycode
  // Positions take the low 43 bits (labels below 8 T code points), code
  // points (21 bits) the rest.
  constexpr unsigned shift = 43;
  if (ws.offsets_label != l.mapped_begin) {
    ws.first_offset.resize(n);
    for (std::size_t k = 0; k < n; ++k)
      ws.first_offset[k] = std::uint64_t{ws.mapped[l.mapped_begin + k]} << shift | k;
    std::sort(ws.first_offset.begin(), ws.first_offset.end());
    ws.offsets_label = l.mapped_begin;
  }
  const std::uint64_t cp = ws.text[l.begin + i];
  const auto it = std::lower_bound(ws.first_offset.begin(), ws.first_offset.end(), cp << shift);
  if (it == ws.first_offset.end() || (*it >> shift) != cp) return l.src;
  return ws.source_offset(l.mapped_begin + static_cast<std::size_t>(*it & ((std::uint64_t{1} << shift) - 1)));
}

report make_report(const workspace& ws, const status& first) {
  report r;
  r.first = first;
  r.all = ws.errors;
  return r;
}

}  // namespace puny::idna::detail
