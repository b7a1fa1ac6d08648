// puny CLI: `encode` and `decode` (RFC 3492 Punycode, one label per input).
#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/status.hpp"
#include "puny/unicode.hpp"

namespace puny::cli {
namespace {

struct punycode_settings {
  io_settings io;
  bool mixed_case = false;
};

problem to_problem(const puny::status& st) {
  problem p;
  p.name = puny::to_string(st.code);
  // The core's UTS #46 code: P4 for every Punycode error, as the C API's
  // puny_uts46_code and Python's Error.uts46_code say.
  p.uts46 = idna::uts46_code(st);
  p.offset = st.offset;
  // For ill-formed UTF-8 there is no code point (the core says so); the
  // offset names the byte.
  p.code_point = st.code_point;
  return p;
}

void fail(outcome& out, const puny::status& st) {
  out.ok = false;
  out.problems.push_back(to_problem(st));
}

// Calls a caller-buffer function `f(out, capacity)` with a reused buffer,
// growing it when the library says it is too small.
template <class Char, class F>
bootstring::buffer_result with_buffer(std::vector<Char>& buf, F&& f) {
  for (;;) {
    bootstring::buffer_result r = f(buf.data(), buf.size());
    if (r.status.code != puny::errc::buffer_too_small) return r;
    const std::size_t needed = std::max(r.size, r.status.needed);
    buf.resize(std::max(needed, buf.size() * 2));
  }
}

// ---- encode ----

void encode_plain(std::string_view input, outcome& out) {
  thread_local std::vector<char> buf(256);  // per thread: --jobs
  const auto r = with_buffer(buf, [&](char* p, std::size_t cap) {
    return punycode::encode_utf8(input, p, cap);
  });
  if (!r.ok()) return fail(out, r.status);
  out.output.assign(buf.data(), r.size);
}

// RFC 3492 appendix A: an uppercase letter is encoded as its lowercase form
// with the uppercase flag set, so that `decode --mixed-case` restores it.
// ASCII letters are basic code points and keep their own case; a letter
// whose case does not round-trip (U+0130, U+212A, ...) is encoded as it is.
void encode_mixed(std::string_view input, outcome& out) {
  thread_local std::u32string text;
  thread_local std::vector<bool> upper;
  thread_local std::vector<std::size_t> byte_offset;  // per code point
  text.clear();
  upper.clear();
  byte_offset.clear();
  std::size_t pos = 0;
  while (pos < input.size()) {
    char32_t c = 0;
    const std::size_t start = pos;
    if (!puny::unicode::next_utf8(input, pos, c)) {
      puny::status st;
      st.code = puny::errc::invalid_utf8;
      st.offset = start;
      return fail(out, st);
    }
    bool flag = false;
    if (c < 0x80) {
      flag = c >= 'A' && c <= 'Z';
    } else {
      const char32_t lower = to_lower(c);
      if (lower != c && to_upper(lower) == c) {
        c = lower;
        flag = true;
      }
    }
    text.push_back(c);
    upper.push_back(flag);
    byte_offset.push_back(start);
  }
  auto r = punycode::encode(text, upper);
  if (!r.ok()) {
    // The library counts code points here; report bytes like everywhere else.
    if (r.status.offset < byte_offset.size()) r.status.offset = byte_offset[r.status.offset];
    return fail(out, r.status);
  }
  out.output = std::move(r.value);
}

// ---- decode ----

void decode_plain(std::string_view input, outcome& out) {
  thread_local std::vector<char> buf(256);  // per thread: --jobs
  const auto r = with_buffer(buf, [&](char* p, std::size_t cap) {
    return punycode::decode_to_utf8(input, p, cap);
  });
  if (!r.ok()) return fail(out, r.status);
  out.output.assign(buf.data(), r.size);
}

// RFC 3492 appendix A: a code point whose flag is set is uppercased; the
// others are left as decoded (basic code points already carry their case).
void decode_mixed(std::string_view input, outcome& out) {
  auto r = punycode::decode_annotated(input);
  if (!r.ok()) return fail(out, r.status);
  const std::u32string& text = r.value.text;
  const std::vector<bool>& upper = r.value.uppercase;
  out.output.reserve(text.size() * 2);
  char tmp[4];
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char32_t c = (i < upper.size() && upper[i]) ? to_upper(text[i]) : text[i];
    out.output.append(tmp, puny::unicode::put_utf8(c, tmp));
  }
}

}  // namespace

void add_punycode_commands(CLI::App& app, action& selected) {
  // ---- encode ----
  {
    auto cfg = std::make_shared<punycode_settings>();
    CLI::App* sub = app.add_subcommand(
        "encode", "Encode Unicode text (UTF-8) to Punycode, one label per input");
    add_io_options(*sub, cfg->io, "TEXT",
                   "Text to encode; each argument is one input. Without any, each line of "
                   "standard input is one input");
    sub->add_flag("--mixed-case", cfg->mixed_case,
                  "RFC 3492 appendix A: record each letter's case in the output (uppercase "
                  "letters are encoded as lowercase with the uppercase flag set)");
    sub->footer(
        "Examples:\n"
        "  puny encode b\u00fccher                 -> bcher-kva\n"
        "  puny encode 3\u5e74B\u7d44\u91d1\u516b\u5148\u751f         -> 3B-ww4c5e180e575a65lsy2b\n"
        "  puny encode --mixed-case B\u00dcCHER    -> BCHER-kvA\n"
        "  printf '\u304a\u306f\u3088\u3046\\n\u3042\u3044\u3046\u3048\u304a\\n' | puny encode   -> p8jh5i5d, l8jegik\n"
        "The result has no \"xn--\" prefix: encode works on one label (see to-ascii for "
        "domain names).");
    sub->callback([cfg, &selected] {
      selected = [cfg] {
        const bool mixed = cfg->mixed_case;
        return run_lines(cfg->io, json_shape::punycode,
                         [mixed](std::string_view in, bool, outcome& out) {
                           mixed ? encode_mixed(in, out) : encode_plain(in, out);
                         });
      };
    });
  }

  // ---- decode ----
  {
    auto cfg = std::make_shared<punycode_settings>();
    CLI::App* sub = app.add_subcommand(
        "decode", "Decode Punycode to Unicode text (UTF-8), one label per input");
    add_io_options(*sub, cfg->io, "PUNYCODE",
                   "Punycode to decode (without \"xn--\"); each argument is one input. "
                   "Without any, each line of standard input is one input");
    sub->add_flag("--mixed-case", cfg->mixed_case,
                  "RFC 3492 appendix A: uppercase each code point whose case flag is set "
                  "(the case of the last digit of its delta)");
    sub->footer(
        "Examples:\n"
        "  puny decode bcher-kva                  -> b\u00fccher\n"
        "  puny decode 3B-ww4c5e180e575a65lsy2b   -> 3\u5e74B\u7d44\u91d1\u516b\u5148\u751f\n"
        "  puny decode --mixed-case BCHER-kvA     -> B\u00dcCHER\n"
        "Digits are accepted in either case; a character outside the alphabet is an error "
        "(invalid_digit), never guessed.");
    sub->callback([cfg, &selected] {
      selected = [cfg] {
        const bool mixed = cfg->mixed_case;
        return run_lines(cfg->io, json_shape::punycode,
                         [mixed](std::string_view in, bool, outcome& out) {
                           mixed ? decode_mixed(in, out) : decode_plain(in, out);
                         });
      };
    });
  }
}

}  // namespace puny::cli
