// UTS #46 section 4 step 1 (Map), fused with decoding the caller's input.
//
// Takes: the input (UTF-8, UTF-16 or UTF-32; any bytes) and the options
// (only Transitional_Processing matters here).
// Guarantees, in the workspace:
//   mapped / mapped_off  the mapped code points and the source offset (in the
//                        caller's units) of each;
//   dots, dot_label_non_ascii, non_ascii
//                        step 3's break points, and which labels hold a code
//                        point above U+007F;
//   check                indices of non-ASCII code points whose status is not
//                        known to be valid ("plain"), for V6/V7/CheckJoiners;
//   rtl                  indices of R, AL and AN code points, for CheckBidi;
//   errors               invalid_utf8 / invalid_utf16 / invalid_code_point at
//                        each ill-formed sequence, which maps as U+FFFD
//                        (disallowed: processing fails, ToUnicode shows it).
// Disallowed code points are kept (V7 reports them after NFC); ignored ones
// are dropped; deviations are kept unless Transitional_Processing.
//
// "Plain" code points (ucd::idna_plain_kind): IDNA status valid (section
// 5), ccc 0 and NFC_Quick_Check=Yes (UAX #15 section 9), General_Category
// not M.  A label made of ASCII and plain code points is already NFC (step
// 2 leaves it alone), passes V7 in both processing modes, cannot fail V6
// and holds no joiner, so no per-code-point look-up is needed after this
// step: only the others go to `check`.
#include "idna/internal.hpp"
#include "idna/stages.hpp"
#include "idna/url.hpp"
#include "puny/unicode.hpp"
#include "simd/ascii.hpp"
#include "unicode/ucd.hpp"

namespace puny::idna::detail {

namespace {

namespace ucd = puny::detail::ucd;

// Records what the later steps must look at for a non-ASCII code point
// about to be stored at mapped[index].
inline void note_code_point(workspace& ws, char32_t c, std::size_t index) {
  const unsigned kind = ucd::idna_plain_kind(c);
  if (kind == ucd::kind_plain) return;
  if (kind == ucd::kind_plain_rtl) {
    ws.rtl.push_back(index);
    return;
  }
  ws.check.push_back(index);
  if (kind == ucd::kind_other && is_rtl(c)) ws.rtl.push_back(index);
}

// A U+002E about to be stored at mapped[index] ends a label.
inline void note_dot(workspace& ws, std::size_t index) {
  ws.dots.push_back(index);
  ws.dot_label_non_ascii.push_back(ws.non_ascii ? 1 : 0);
  ws.non_ascii = false;
}

}  // namespace

void map_code_point(workspace& ws, const options& opt, char32_t c, std::size_t off) {
  if (c < 0x80) {
    // ASCII: A-Z are mapped to a-z, every other ASCII code point is valid.
    if (is_ascii_upper(c)) c += 0x20;
    if (c == '.') note_dot(ws, ws.mapped.size());
    if (forbidden_ascii.forbidden[c]) ws.may_hold_forbidden = true;
    ws.mapped.push_back(c);
    ws.mapped_off.push_back(off);
    return;
  }
  const ucd::idna_entry e = ucd::idna_lookup(c);
  switch (e.status) {
    case ucd::idna_status::valid:
    case ucd::idna_status::disallowed:  // kept; V7 reports it after NFC
      ws.non_ascii = true;
      note_code_point(ws, c, ws.mapped.size());
      ws.mapped.push_back(c);
      ws.mapped_off.push_back(off);
      return;
    case ucd::idna_status::ignored:
      return;
    case ucd::idna_status::mapped:
      if (opt.transitional_processing && c == 0x1E9E) {
        // Under Transitional_Processing U+1E9E maps to "ss" (not to U+00DF,
        // a deviation that transitional V7 would reject).
        ws.mapped.append(2, U's');
        ws.mapped_off.append(2, off);
        return;
      }
      break;
    case ucd::idna_status::deviation:
      if (!opt.transitional_processing) {
        ws.non_ascii = true;
        note_code_point(ws, c, ws.mapped.size());
        ws.mapped.push_back(c);
        ws.mapped_off.push_back(off);
        return;
      }
      break;
  }
  const std::u32string_view mapping = e.mapping();
  for (std::size_t k = 0; k < mapping.size(); ++k) {
    if (mapping[k] >= 0x80) {
      ws.non_ascii = true;
      note_code_point(ws, mapping[k], ws.mapped.size() + k);
    } else if (mapping[k] == '.') {
      note_dot(ws, ws.mapped.size() + k);
    } else if (forbidden_ascii.forbidden[mapping[k]]) {
      ws.may_hold_forbidden = true;  // U+FF0F -> '/', U+2100 -> "a/c"
    }
  }
  ws.mapped.append(mapping.data(), mapping.size());
  ws.mapped_off.append(mapping.size(), off);
}

void decode_and_map(workspace& ws, const options& opt, std::string_view in) {
  start_map(ws, in.size());
  const auto* p = reinterpret_cast<const unsigned char*>(in.data());
  const std::size_t n = in.size();
  // Every code point takes at least one byte, so while the buffers have
  // room for n - pos more elements, ASCII and plain code points are written
  // without capacity checks.  Only map_code_point (a mapping can be longer
  // than its source) can use up that room; the room is restored after it.
  char32_t* mo = nullptr;
  std::size_t* oo = nullptr;
  std::size_t w = 0;  // elements in the buffers
  const auto ensure_room = [&](std::size_t at) {
    w = ws.mapped.size();
    ws.mapped.reserve(w + (n - at));
    ws.mapped_off.reserve(w + (n - at));
    mo = ws.mapped.data();
    oo = ws.mapped_off.data();
  };
  const auto slow = [&](std::size_t at, char32_t c) {
    ws.mapped.resize(w);
    ws.mapped_off.resize(w);
    map_code_point(ws, opt, c, at);
  };
  ensure_room(0);
  // Screens the ASCII code points stored here for forbidden domain code
  // points (workspace::may_hold_forbidden); map_code_point does the rest.
  ws.may_hold_forbidden = false;
  unsigned forbidden = 0;
  std::size_t pos = 0;
  while (pos < n) {
    unsigned b = p[pos];
    if (b < 0x80) {
      // A run of ASCII: A-Z map to a-z, every other ASCII code point is
      // valid.  16 bytes at a time while they are all ASCII.
      unsigned dm = 0;
      while (n - pos >= 16 && simd::best::lower_widen16(p + pos, mo + w, dm)) {
        for (unsigned i = 0; i < 16; ++i) forbidden |= forbidden_ascii.forbidden[p[pos + i]];
        for (; dm != 0; dm &= dm - 1) note_dot(ws, w + simd::lowest_bit(dm));
        simd::best::iota16(oo + w, pos);
        w += 16;
        pos += 16;
      }
      if (pos == n || (b = p[pos]) >= 0x80) continue;
      do {
        if (b == '.') note_dot(ws, w);
        forbidden |= forbidden_ascii.forbidden[b];
        mo[w] = b - 'A' < 26 ? b + 0x20 : b;
        oo[w] = pos;
        ++w;
        ++pos;
      } while (pos < n && (b = p[pos]) < 0x80);
      continue;
    }
    // Well-formed two- and three-byte sequences (Unicode section 3.9,
    // table 3-7) of plain code points are stored as they are.
    if (b >= 0xC2 && b <= 0xDF && pos + 1 < n && (p[pos + 1] & 0xC0) == 0x80) {
      const char32_t c = ((b & 0x1Fu) << 6) | (p[pos + 1] & 0x3Fu);
      const unsigned kind = ucd::idna_plain_kind(c);
      if (ucd::is_plain(kind)) {
        // Plain R/AL/AN code points (Hebrew, Arabic, ...) are listed for
        // CheckBidi.
        if (kind == ucd::kind_plain_rtl) ws.rtl.push_back(w);
        ws.non_ascii = true;
        mo[w] = c;
        oo[w] = pos;
        ++w;
        pos += 2;
        continue;
      }
    } else if ((b & 0xF0) == 0xE0 && pos + 2 < n && (p[pos + 1] & 0xC0) == 0x80 &&
               (p[pos + 2] & 0xC0) == 0x80) {
      const char32_t c = ((b & 0x0Fu) << 12) | ((p[pos + 1] & 0x3Fu) << 6) | (p[pos + 2] & 0x3Fu);
      // Overlong forms (< U+0800) and surrogates are ill-formed; neither is
      // plain, so the plain test rejects both.
      if (c >= 0x800 && ucd::idna_plain_kind(c) == ucd::kind_plain) {
        ws.non_ascii = true;
        mo[w] = c;
        oo[w] = pos;
        ++w;
        pos += 3;
        continue;
      }
    }
    const std::size_t start = pos;
    char32_t c = 0;
    if (unicode::next_utf8(in, pos, c)) {
      slow(start, c);
      ensure_room(pos);
      continue;
    }
    ws.mapped.resize(w);
    ws.mapped_off.resize(w);
    add_error(ws, errc::invalid_utf8, start, 0);
    slow(start, replacement_character);
    pos = end_of_ill_formed_utf8(in, start);
    ensure_room(pos);
  }
  ws.mapped.resize(w);
  ws.mapped_off.resize(w);
  if (forbidden != 0) ws.may_hold_forbidden = true;
}

void decode_and_map(workspace& ws, const options& opt, std::u16string_view in) {
  start_map(ws, in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char32_t u = in[i];
    if (surrogate_pair_at(in, i)) {
      map_code_point(ws, opt, 0x10000 + ((u - 0xD800) << 10) + (in[i + 1] - 0xDC00), i);
      ++i;
      continue;
    }
    if (unicode::is_surrogate(u)) {
      add_error(ws, errc::invalid_utf16, i, 0, u);
      map_code_point(ws, opt, replacement_character, i);
    } else {
      map_code_point(ws, opt, u, i);
    }
  }
}

void decode_and_map(workspace& ws, const options& opt, std::u32string_view in) {
  start_map(ws, in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char32_t c = in[i];
    if (!unicode::is_scalar_value(c)) {
      add_error(ws, errc::invalid_code_point, i, 0, c);
      map_code_point(ws, opt, replacement_character, i);
    } else {
      map_code_point(ws, opt, c, i);
    }
  }
}

void map_ldh_ascii(workspace& ws, const char* low, std::size_t n, std::uint64_t dots) {
  start_map(ws, n);
  ws.mapped.resize(n);
  simd::best::widen(low, n, ws.mapped.data());
  // One code point per byte: offsets are indices, and not written out.
  ws.mapped_off.clear();
  ws.offsets_identity = true;
  ws.may_hold_forbidden = false;  // letters, digits, '-' and '.' only
  for (; dots != 0; dots &= dots - 1) note_dot(ws, simd::lowest_bit(dots));
}

}  // namespace puny::idna::detail
