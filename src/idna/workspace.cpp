// The per-thread workspace (workspace.hpp), error collection and source
// offsets.  Contract: local_workspace() returns a reset workspace whose
// buffers keep their capacity from earlier calls on the same thread, up to
// workspace_keep_limit; errors are reported in input order.
#include "idna/workspace.hpp"

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

}  // namespace

workspace& local_workspace() {
  thread_local workspace ws;
  // ws.input_length is still the previous call's (reset() clears it below).
  if (ws.input_length > inputs_below_need_no_check && ws.holds_more_than(workspace_keep_limit)) {
    // Swap, not `ws = workspace{}`: move-assigning an empty std::string
    // keeps the destination's heap storage (libstdc++ copies a short string
    // into the existing buffer), so out8 and ace would stay huge.  After the
    // swap the old buffers belong to `discarded` and are freed with it.
    workspace discarded;
    std::swap(ws, discarded);
  }
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
  ws.errors.push_back(s);
}

status sort_errors_and_take_first(workspace& ws) {
  if (ws.errors.size() > 1)
    std::stable_sort(ws.errors.begin(), ws.errors.end(),
                     [](const status& a, const status& b) { return a.offset < b.offset; });
  return ws.errors.empty() ? status{} : ws.errors.front();
}

// A label with many errors after NFC would make a scan per error quadratic,
// so the first offset of every code point of the mapped label is tabulated
// once (linear in the label) and looked up.
std::size_t offset_of(workspace& ws, const label_info& l, std::size_t i) {
  if (!l.in_text) return ws.source_offset(l.begin + i);
  const std::size_t n = l.mapped_end - l.mapped_begin;
  if (n == 0) return l.src;  // decoded Punycode
  if (ws.offsets_label != l.mapped_begin) {
    ws.first_offset.clear();
    for (std::size_t k = 0; k < n; ++k)  // emplace keeps the first occurrence
      ws.first_offset.emplace(ws.mapped[l.mapped_begin + k], ws.source_offset(l.mapped_begin + k));
    ws.offsets_label = l.mapped_begin;
  }
  const auto it = ws.first_offset.find(ws.text[l.begin + i]);
  return it != ws.first_offset.end() ? it->second : l.src;
}

report make_report(const workspace& ws, const status& first) {
  report r;
  r.first = first;
  r.all = ws.errors;
  return r;
}

}  // namespace puny::idna::detail
