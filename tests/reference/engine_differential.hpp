// Every Bootstring engine against the reference coder (rfc3492_reference.hpp):
// the same output, case flags, error kind, offset and code point, and the
// caller-buffer contract (buffer_too_small with the exact size needed).
//
// Engines: the generic one in src/bootstring/engine.cpp with each strategy (simple,
// fenwick, automatic), allocating and caller-buffer, with and without case
// flags; the fixed-profile engine of src/bootstring/fixed_engine.hpp for profiles
// known at compile time; the size-built engine of src/bootstring/compact_engine.hpp
// (the Punycode-only WebAssembly module's), for run-time and compile-time
// profiles, and its short route (decode_short, to UTF-32 and UTF-16); and the public Punycode functions (punycode.hpp), which choose
// between the first two by length.
//
// Each check returns an empty string when everything agrees, else the first
// disagreement in words (for gtest messages and fuzz aborts).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bootstring/compact_engine.hpp"
#include "bootstring/fixed_engine.hpp"
#include "puny/bootstring.hpp"
#include "puny/punycode.hpp"
#include "rfc3492_reference.hpp"

namespace puny::reference {

namespace bs = puny::bootstring;

// Collects the first disagreement.
class findings {
 public:
  explicit findings(std::string subject) : subject_(std::move(subject)) {}

  void same_status(const std::string& engine, const status& got, const status& want) {
    if (got.code == want.code && got.offset == want.offset && got.code_point == want.code_point)
      return;
    note(engine + ": " + to_string(got) + "; reference: " + to_string(want));
  }
  template <class T>
  void same_value(const std::string& engine, const char* what, const T& got, const T& want) {
    if (!(got == want)) note(engine + ": " + what + " differs from the reference");
  }
  void expect(const std::string& engine, bool condition, const char* what) {
    if (!condition) note(engine + ": " + what);
  }
  const std::string& first() const { return first_; }

 private:
  void note(const std::string& message) {
    if (first_.empty()) first_ = subject_ + ": " + message;
  }
  std::string subject_;
  std::string first_;
};

inline std::string printable(std::string_view in) {
  std::string out = "\"";
  for (const char c : in) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7F && c != '"' && c != '\\') {
      out.push_back(c);
    } else {
      static const char hex[] = "0123456789abcdef";
      out += "\\x";
      out.push_back(hex[u >> 4]);
      out.push_back(hex[u & 15]);
    }
  }
  return out + "\"";
}

inline std::string printable(std::u32string_view in) {
  std::string out = "[";
  for (std::size_t j = 0; j < in.size(); ++j) {
    if (j > 0) out += ' ';
    out += std::to_string(static_cast<std::uint32_t>(in[j]));
  }
  return out + "]";
}

// Capacities worth trying for an output of `size` elements: exact, one
// short, none, and roomy.
inline std::vector<std::size_t> capacities(std::size_t size, std::size_t roomy) {
  std::vector<std::size_t> c = {size, roomy};
  if (size > 0) c.push_back(size - 1);
  if (size > 1) c.push_back(0);
  return c;
}

// A caller-buffer form: `run(out, capacity)` returns a buffer_result.  The
// buffers are heap blocks of exactly `capacity` elements, so a write past
// the end shows under AddressSanitizer.
template <class Element, class Run, class Output>
void check_buffer_form(findings& f, const std::string& engine, Run&& run, const status& want,
                       const Output& want_text, std::size_t roomy) {
  for (const std::size_t capacity : capacities(want_text.size(), roomy)) {
    std::unique_ptr<Element[]> buf(new Element[capacity + 1]);
    const bs::buffer_result r = run(buf.get(), capacity);
    const std::string name = engine + " (capacity " + std::to_string(capacity) + ")";
    if (!want.ok()) {
      f.same_status(name, r.status, want);
      continue;
    }
    if (capacity >= want_text.size()) {
      f.same_status(name, r.status, want);
      f.expect(name, r.size == want_text.size(), "size differs from the reference");
      if (r.ok() && r.size == want_text.size())
        f.same_value(name, "output", Output(buf.get(), r.size), want_text);
    } else {
      f.expect(name, r.status.code == errc::buffer_too_small, "expected buffer_too_small");
      f.expect(name, r.status.needed == want_text.size(), "needed differs from the output size");
    }
  }
}

// The generic engine's strategies, each checked on its own.
struct named_strategy {
  const char* name;
  bs::strategy algorithm;
};
inline constexpr named_strategy strategies[] = {{"simple", bs::strategy::simple},
                                                {"fenwick", bs::strategy::fenwick},
                                                {"automatic", bs::strategy::automatic}};

// ---- decoding ----

// The generic engine, every strategy and form.
inline void check_generic_decode(findings& f, std::string_view in, const bs::parameters& p,
                                 const decoded& want) {
  for (const auto& s : strategies) {
    std::u32string text = U"kept";  // decode appends
    std::vector<bool> flags = {true};
    const status st = bs::decode(in, p, text, &flags, bs::advanced_options{s.algorithm, nullptr});
    const std::string name = std::string("generic ") + s.name + " decode";
    f.same_status(name, st, want.status);
    if (want.status.ok() && st.ok()) {
      f.same_value(name, "output", text, U"kept" + want.text);
      std::vector<bool> want_flags = {true};
      want_flags.insert(want_flags.end(), want.uppercase.begin(), want.uppercase.end());
      f.same_value(name, "case flags", flags, want_flags);
    } else {
      f.expect(name, text == U"kept" && flags.size() == 1, "output not restored on failure");
    }
  }
  std::u32string plain;
  f.same_status("generic decode (no flags)", bs::decode(in, p, plain), want.status);
  if (want.status.ok()) f.same_value("generic decode (no flags)", "output", plain, want.text);

  check_buffer_form<char32_t>(
      f, "generic caller-buffer decode",
      [&](char32_t* out, std::size_t capacity) { return bs::decode(in, p, out, capacity); },
      want.status, want.text, in.size() + 1);
  // With case flags into a caller array.
  if (want.status.ok()) {
    std::vector<char32_t> out(want.text.size() + 1);
    std::unique_ptr<bool[]> flags(new bool[out.size()]);
    const bs::buffer_result r = bs::decode(in, p, out.data(), out.size(), flags.get());
    f.same_status("generic caller-buffer decode with flags", r.status, want.status);
    if (r.ok())
      f.same_value("generic caller-buffer decode with flags", "case flags",
                   std::vector<bool>(flags.get(), flags.get() + r.size), want.uppercase);
  }
}

// The fixed-profile engine for profile P (any length: literal insertion up
// to decode_limit bytes, placement above).
template <const bs::parameters& P>
void check_fixed_decode(findings& f, std::string_view in, const decoded& want) {
  using engine = bs::fixed::engine<P>;
  check_buffer_form<char32_t>(
      f, "fixed-profile decode",
      [&](char32_t* out, std::size_t capacity) { return engine::decode(in, out, capacity); },
      want.status, want.text, in.size() + engine::decode_room);
}

// The size-built engine, through the profile view `profile` (run-time or
// compile-time parameters).
template <class Profile>
void check_compact_decode(findings& f, std::string_view in, const Profile& profile,
                          const decoded& want) {
  std::vector<std::uint64_t> scratch(bs::compact::scratch_words(in.size()));
  check_buffer_form<char32_t>(
      f, "compact decode",
      [&](char32_t* out, std::size_t capacity) {
        return bs::compact::decode(profile, in, out, capacity, scratch.data());
      },
      want.status, want.text, in.size() + 1);
}

// compact::decode_short (the short route of the Punycode-only WebAssembly
// module, which writes UTF-16): where it decodes, the reference's output
// within its room (in.size() + short_block units); it gives up only on input the
// reference rejects, input longer than insertion_limit, or (in UTF-16) a
// code point above U+FFFF.
template <class Unit>
void check_compact_short_decode(findings& f, std::string_view in, const decoded& want) {
  const std::string engine = sizeof(Unit) == 2 ? "compact decode_short to UTF-16" : "compact decode_short";
  constexpr Unit guard = 0xFEED;
  std::vector<Unit> out(in.size() + bs::compact::short_block + 1, guard);
  const std::size_t n = bs::compact::decode_short<Unit>(
      bs::detail::constant_profile<puny::punycode::profile>{}, in, out.data());
  bool fits = true;
  for (const char32_t c : want.text) fits = fits && (sizeof(Unit) == 4 || c <= 0xFFFF);
  const bool must_decode = want.status.ok() && in.size() <= bs::compact::insertion_limit && fits;
  f.expect(engine, out.back() == guard, "wrote past its room");
  if (n == bs::compact::not_decoded) {
    f.expect(engine, !must_decode, "gave up on input it must decode");
    return;
  }
  f.expect(engine, want.status.ok(), "decoded input the reference rejects");
  f.expect(engine, n <= in.size(), "output longer than its room");
  if (want.status.ok() && n <= in.size())
    f.same_value(engine, "output", std::u32string(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(n)),
                 want.text);
}

// The public Punycode functions (which pick the engine by length).
inline void check_punycode_decode(findings& f, std::string_view in, const decoded& want) {
  namespace pc = puny::punycode;
  const auto r = pc::decode(in);
  f.same_status("punycode::decode", r.status, want.status);
  if (r.ok() && want.status.ok()) f.same_value("punycode::decode", "output", r.value, want.text);
  const auto a = pc::decode_annotated(in);
  f.same_status("punycode::decode_annotated", a.status, want.status);
  if (a.ok() && want.status.ok()) {
    f.same_value("punycode::decode_annotated", "output", a.value.text, want.text);
    f.same_value("punycode::decode_annotated", "case flags", a.value.uppercase, want.uppercase);
  }
  check_buffer_form<char32_t>(
      f, "punycode::decode caller-buffer",
      [&](char32_t* out, std::size_t capacity) { return pc::decode(in, out, capacity); },
      want.status, want.text, in.size() + 1);
}

// Every generic form for any valid profile.
inline std::string decode_differences(std::string_view in, const bs::parameters& p) {
  const decoded want = decode(in, p);
  findings f("decode " + printable(in));
  check_generic_decode(f, in, p, want);
  check_compact_decode(f, in, bs::detail::runtime_profile{p}, want);
  return f.first();
}

// The Punycode profile: every engine.
inline std::string punycode_decode_differences(std::string_view in) {
  const decoded want = decode(in, puny::punycode::profile);
  findings f("punycode decode " + printable(in));
  check_generic_decode(f, in, puny::punycode::profile, want);
  check_fixed_decode<puny::punycode::profile>(f, in, want);
  check_compact_decode(f, in, bs::detail::constant_profile<puny::punycode::profile>{}, want);
  check_compact_short_decode<char32_t>(f, in, want);
  check_compact_short_decode<char16_t>(f, in, want);
  check_punycode_decode(f, in, want);
  return f.first();
}

// Another compile-time profile: the generic and fixed-profile engines.
template <const bs::parameters& P>
std::string fixed_profile_decode_differences(std::string_view in) {
  const decoded want = decode(in, P);
  findings f("fixed-profile decode " + printable(in));
  check_generic_decode(f, in, P, want);
  check_fixed_decode<P>(f, in, want);
  check_compact_decode(f, in, bs::detail::constant_profile<P>{}, want);
  return f.first();
}

// ---- encoding ----

inline void check_generic_encode(findings& f, std::u32string_view in, const bs::parameters& p,
                                 const encoded& want, const std::vector<bool>& flags) {
  const std::vector<bool>* flag_list = flags.empty() ? nullptr : &flags;
  for (const auto& s : strategies) {
    std::string text = "kept";  // encode appends
    const status st =
        bs::encode(in, p, text, flag_list, bs::advanced_options{s.algorithm, nullptr});
    const std::string name = std::string("generic ") + s.name + " encode";
    f.same_status(name, st, want.status);
    if (want.status.ok() && st.ok())
      f.same_value(name, "output", text, "kept" + want.text);
    else
      f.expect(name, text == "kept", "output not restored on failure");
  }
  std::unique_ptr<bool[]> flag_array;
  if (!flags.empty()) {
    flag_array.reset(new bool[flags.size()]);
    for (std::size_t j = 0; j < flags.size(); ++j) flag_array[j] = flags[j];
  }
  check_buffer_form<char>(
      f, "generic caller-buffer encode",
      [&](char* out, std::size_t capacity) {
        return bs::encode(in, p, out, capacity, flag_array.get());
      },
      want.status, want.text, 8 * in.size() + 8);
}

template <const bs::parameters& P>
void check_fixed_encode(findings& f, std::u32string_view in, const encoded& want) {
  using engine = bs::fixed::engine<P>;
  if (in.size() > bs::fixed::short_limit) return;
  check_buffer_form<char>(
      f, "fixed-profile encode",
      [&](char* out, std::size_t capacity) { return engine::encode(in, out, capacity); },
      want.status, want.text, engine::max_encoded(in.size()));
}

template <class Profile>
void check_compact_encode(findings& f, std::u32string_view in, const Profile& profile,
                          const encoded& want) {
  std::vector<std::uint64_t> scratch(bs::compact::scratch_words(in.size()));
  check_buffer_form<char>(
      f, "compact encode",
      [&](char* out, std::size_t capacity) {
        return bs::compact::encode(profile, in, out, capacity, scratch.data());
      },
      want.status, want.text, 8 * in.size() + 8);
}

inline void check_punycode_encode(findings& f, std::u32string_view in, const encoded& want) {
  namespace pc = puny::punycode;
  const auto r = pc::encode(in);
  f.same_status("punycode::encode", r.status, want.status);
  if (r.ok() && want.status.ok()) f.same_value("punycode::encode", "output", r.value, want.text);
  check_buffer_form<char>(
      f, "punycode::encode caller-buffer",
      [&](char* out, std::size_t capacity) { return pc::encode(in, out, capacity); },
      want.status, want.text, 8 * in.size() + 8);
}

// Every generic form for any valid profile; `flags` empty or one per code point.
inline std::string encode_differences(std::u32string_view in, const bs::parameters& p,
                                      const std::vector<bool>& flags = {}) {
  const encoded want = encode(in, p, flags);
  findings f("encode " + printable(in));
  check_generic_encode(f, in, p, want, flags);
  if (flags.empty()) check_compact_encode(f, in, bs::detail::runtime_profile{p}, want);
  return f.first();
}

inline std::string punycode_encode_differences(std::u32string_view in,
                                               const std::vector<bool>& flags = {}) {
  const encoded want = encode(in, puny::punycode::profile, flags);
  findings f("punycode encode " + printable(in));
  check_generic_encode(f, in, puny::punycode::profile, want, flags);
  if (flags.empty()) {
    check_fixed_encode<puny::punycode::profile>(f, in, want);
    check_compact_encode(f, in, bs::detail::constant_profile<puny::punycode::profile>{}, want);
    check_punycode_encode(f, in, want);
  } else {
    const auto r = puny::punycode::encode(in, flags);
    f.same_status("punycode::encode with flags", r.status, want.status);
    if (r.ok() && want.status.ok())
      f.same_value("punycode::encode with flags", "output", r.value, want.text);
  }
  return f.first();
}

template <const bs::parameters& P>
std::string fixed_profile_encode_differences(std::u32string_view in) {
  const encoded want = encode(in, P);
  findings f("fixed-profile encode " + printable(in));
  check_generic_encode(f, in, P, want, {});
  check_fixed_encode<P>(f, in, want);
  check_compact_encode(f, in, bs::detail::constant_profile<P>{}, want);
  return f.first();
}

}  // namespace puny::reference
