// UTS #46 section 4.2 (ToASCII steps 2-4) and section 4.3 (ToUnicode
// output), from the processed labels in the workspace.
//
// Takes: ws.labels after process() (convert.cpp) and ws.marked.
// Guarantees:
//   emit_ascii     appends the labels joined by U+002E, each non-ASCII label
//                  as "xn--" + Punycode (step 3); records A3
//                  (punycode_encode_failed, the label then kept as UTF-8 in
//                  the best-effort string) and, under VerifyDnsLength, A4_2
//                  (empty_label, label_too_long) and A4_1 (domain_too_long).
//   emit_unicode   appends the labels joined by U+002E, with U+FFFD in place
//                  of each code point in ws.marked (V7 failures and
//                  ill-formed input), as UTF-8, UTF-16 or UTF-32.
// A new output encoding is one more emit_unicode overload here.
#include <cstring>

#include "bootstring/label_codec.hpp"
#include "idna/stages.hpp"
#include "puny/unicode.hpp"
#include "simd/ascii.hpp"

namespace puny::idna::detail {

namespace {

// Calls put(c) for each code point of the ToUnicode result.
template <class Sink>
void for_each_unicode(const workspace& ws, Sink&& put) {
  std::size_t next_mark = 0;
  const std::vector<mark>& marks = ws.marked;
  for (std::size_t k = 0; k < ws.labels.size(); ++k) {
    if (k > 0) put(U'.');
    const std::u32string_view s = ws.view(ws.labels[k]);
    for (std::size_t i = 0; i < s.size(); ++i) {
      char32_t c = s[i];
      if (next_mark < marks.size() && marks[next_mark].label == k && marks[next_mark].index == i) {
        c = replacement_character;
        ++next_mark;
      }
      put(c);
    }
  }
}

}  // namespace

char* write_unicode_utf8(const workspace& ws, char* p) {
  if (!ws.marked.empty()) {
    for_each_unicode(ws, [&](char32_t c) { p += unicode::put_utf8(c, p); });
    return p;
  }
  // No U+FFFD marks (the common case): ASCII labels are narrowed in bulk.
  for (std::size_t k = 0; k < ws.labels.size(); ++k) {
    if (k > 0) *p++ = '.';
    const label_info& l = ws.labels[k];
    const std::u32string_view s = ws.view(l);
    if (l.ascii) {
      simd::best::narrow(s.data(), s.size(), p);
      p += s.size();
    } else {
      for (const char32_t c : s) p += unicode::put_utf8(c, p);
    }
  }
  return p;
}

std::size_t unicode_utf8_size(const workspace& ws) {
  std::size_t size = ws.labels.empty() ? 0 : ws.labels.size() - 1;  // the dots
  for (const label_info& l : ws.labels) {
    const std::u32string_view s = ws.view(l);
    if (l.ascii) {
      size += s.size();
      continue;
    }
    for (const char32_t c : s) size += unicode::utf8_length(c);
  }
  // Each mark replaces one code point by U+FFFD (3 bytes).
  for (const mark& m : ws.marked)
    size = size - unicode::utf8_length(ws.view(ws.labels[m.label])[m.index]) + 3;
  return size;
}

// Sized once for the worst case, written in one pass, then trimmed.
void emit_unicode(const workspace& ws, std::string& out) {
  const std::size_t start = out.size();
  out.resize(start + unicode_utf8_worst_size(ws));
  char* const base = &out[0];
  out.resize(static_cast<std::size_t>(write_unicode_utf8(ws, base + start) - base));
}

void emit_unicode(const workspace& ws, std::u16string& out) {
  for_each_unicode(ws, [&](char32_t c) {
    if (c < 0x10000) {
      out.push_back(static_cast<char16_t>(c));
    } else {
      out.push_back(static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF)));
    }
  });
}

void emit_unicode(const workspace& ws, std::u32string& out) {
  for_each_unicode(ws, [&](char32_t c) { out.push_back(c); });
}

// `out` is sized once to a guess, without filling it, and written through
// a pointer; a label that does not fit grows it.
void emit_ascii(workspace& ws, const options& opt, pod_buffer<char>& out) {
  const std::size_t start = out.size();
  const std::size_t count = ws.labels.size();
  // ASCII labels copy 1:1; a Punycode label gets room for "xn--" and the
  // encoder's worst case, so that it writes in place (the buffer is not
  // filled: the room costs nothing), plus the dot.
  std::size_t pos = start;
  out.resize(start + bootstring::label::direct_encode_capacity(ws.mapped.size()) + 8 * count + 16);
  // Read once: the output's char stores could alias them for the compiler.
  std::vector<std::size_t>* const trace = ws.trace_label_ends;
  const bool verify_dns_length = opt.verify_dns_length;
  const auto room = [&](std::size_t need) {
    if (out.size() - pos < need) out.resize(pos + need + out.size());
  };
  for (std::size_t k = 0; k < count; ++k) {
    const label_info& l = ws.labels[k];
    const std::u32string_view s = ws.view(l);
    room(s.size() + 1);
    if (k > 0) out[pos++] = '.';
    const std::size_t label_start = pos;
    if (l.ascii) {
      simd::best::narrow(s.data(), s.size(), &out[pos]);
      pos += s.size();
    } else {
      // Step 3: Punycode with the "xn--" prefix, encoded in place.
      for (;;) {
        room(4 + bootstring::label::direct_encode_capacity(s.size()));
        const bootstring::buffer_result r =
            bootstring::label::encode(s, &out[pos + 4], out.size() - pos - 4);
        if (r.ok()) {
          std::memcpy(&out[pos], "xn--", 4);
          pos += 4 + r.size;
          break;
        }
        if (r.status.code != errc::buffer_too_small || r.status.needed == 0) {
          add_error(ws, errc::punycode_encode_failed, l.src, k);
          break;
        }
        room(4 + r.status.needed);
      }
      if (pos == label_start) {
        // A3: keep the label as UTF-8 in the best-effort string.
        room(4 * s.size());
        for (char32_t c : s)
          pos += unicode::put_utf8(unicode::is_scalar_value(c) ? c : replacement_character, &out[pos]);
      }
    }
    if (trace) trace->push_back(pos);
    // Step 4.2 (VerifyDnsLength): every label, the root label included, is
    // 1 to 63 bytes long.
    if (verify_dns_length) {
      const std::size_t len = pos - label_start;
      if (len == 0) add_error(ws, errc::empty_label, l.src, k);
      else if (len > 63) add_error(ws, errc::label_too_long, l.src, k);
    }
  }
  out.resize(pos);
  // Step 4.1 (VerifyDnsLength): 1 to 253 bytes without the root label and
  // its dot.
  if (opt.verify_dns_length) {
    std::size_t len = out.size() - start;
    if (count > 1 && ws.labels.back().begin == ws.labels.back().end) --len;
    if (len < 1 || len > 253) add_error(ws, errc::domain_too_long, 0, 0);
  }
}

void emit_ascii(workspace& ws, const options& opt, std::string& out) {
  ws.out8.clear();
  emit_ascii(ws, opt, ws.out8);
  out.append(ws.out8.data(), ws.out8.size());
}

}  // namespace puny::idna::detail
