// UTS #46 section 4 step 2 (Normalize: NFC, UAX #15), one label at a time.
//
// U+002E is a starter that never composes, so normalizing label by label
// equals normalizing the whole mapped string, and breaking afterwards
// (step 3) gives the same labels.  That lets step 2 run after the break
// and skip every label that is already NFC.
//
// Takes: the label mapped[a, b) and the workspace's `check` list from the
// Map step.  Guarantees: l.begin/l.end (and l.in_text) give the label in
// NFC, left in place in `mapped` whenever it already is NFC: ASCII, all
// "plain" (map.cpp), or passing the NFC quick check; otherwise its NFC is
// appended to ws.text.
#include "idna/stages.hpp"
#include "unicode/ucd.hpp"

namespace puny::idna::detail {

// normalize_label (stages.hpp) handles ASCII and all-plain labels inline.
void normalize_label_slow(workspace& ws, label_info& l, std::size_t a, std::size_t b) {
  namespace ucd = puny::detail::ucd;
  const std::u32string_view span(ws.mapped.data() + a, b - a);
  if (ucd::nfc_quick_check(span) == ucd::quick_check::yes) {
    l.begin = a;
    l.end = b;
    return;
  }
  l.in_text = true;
  l.begin = ws.text.size();
  ws.nfc_scratch.clear();
  ucd::nfc_append(span, ws.nfc_scratch);
  ws.text.append(ws.nfc_scratch.data(), ws.nfc_scratch.size());
  l.end = ws.text.size();
}

}  // namespace puny::idna::detail
