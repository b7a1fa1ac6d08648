// Generic Bootstring (RFC 3492 sections 3-6) with 64-bit overflow-checked
// arithmetic and two placement strategies:
//
//  * simple:  the RFC's own loops.  Encoding rescans the input once per
//             distinct code point and decoding inserts into the middle of the
//             output, so both are quadratic, but for DNS-sized strings they
//             are the fastest and need no memory beyond the output.
//  * fenwick: O(n log n).  Encoding visits the non-basic code points in
//             (code point, position) order and counts the smaller code points
//             before each position (bootstring/free_slots.hpp).  Decoding first
//             computes every (code point, index) insertion (the string length
//             before each insertion is known), then places them in reverse
//             order: an insertion's final slot is the index-th slot not taken
//             by a later insertion (bootstring/free_slots.hpp).
#include "puny/bootstring.hpp"

#include "bootstring/free_slots.hpp"
#include "bootstring/rfc3492_steps.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>

namespace puny::bootstring {
namespace {

using u64 = std::uint64_t;
constexpr u64 max_u64 = std::numeric_limits<u64>::max();

using detail::max_length;
using detail::make_error;
using detail::runtime_profile;

bool is_ascii_upper(char c) { return c >= 'A' && c <= 'Z'; }

// Output sinks: the caller-buffer sink counts past capacity so the caller
// learns the size needed (snprintf style) and never writes past it.
struct string_sink {
  std::string& s;
  void put(char c) { s.push_back(c); }
};
struct buffer_sink {
  char* out;
  std::size_t capacity;
  std::size_t size = 0;
  void put(char c) {
    if (size < capacity) out[size] = c;
    ++size;
  }
};

// Case flags for encoding come as vector<bool> or as a bool array.
struct flag_source {
  const std::vector<bool>* vec = nullptr;
  const bool* arr = nullptr;
  bool any() const { return vec != nullptr || arr != nullptr; }
  bool operator[](std::size_t i) const { return vec ? (*vec)[i] : arr ? arr[i] : false; }
};

// Section 6.3's variable-length integer into `sink` (rfc3492_steps.hpp).
template <class Sink>
bool emit_integer(const parameters& p, u64 q, std::uint32_t bias, bool uppercase, Sink& sink,
                  observer* trace) {
  return detail::write_integer(runtime_profile{p}, q, bias, uppercase,
                               [&sink](char c) { sink.put(c); }, trace);
}

// Copies the basic code points (section 6.3 first step) and checks every
// code point; returns the count of basic code points in `b`.
template <class Sink>
status copy_basic(std::u32string_view in, const parameters& p, const flag_source& flags,
                  Sink& sink, std::size_t& b) {
  b = 0;
  if (status error; !detail::check_code_points(runtime_profile{p}, in, error)) return error;
  for (std::size_t j = 0; j < in.size(); ++j) {
    const char32_t c = in[j];
    if (c < p.initial_n) {
      char ch = static_cast<char>(c);
      // Appendix A: a basic letter carries its flag as its own case.
      if (flags.any()) {
        if (flags[j] && ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
        if (!flags[j] && ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
      }
      sink.put(ch);
      ++b;
    }
  }
  if (b > 0) sink.put(p.delimiter);
  return {};
}

template <class Sink>
status encode_simple(std::u32string_view in, const parameters& p, const flag_source& flags,
                     Sink& sink, observer* trace) {
  std::size_t b = 0;
  if (status s = copy_basic(in, p, flags, sink, b); !s) return s;
  u64 n = p.initial_n;
  u64 delta = 0;
  std::uint32_t bias = p.initial_bias;
  u64 h = b;
  while (h < in.size()) {
    u64 m = max_u64;
    for (char32_t c : in)
      if (c >= n && c < m) m = c;
    // RFC 3492 section 6.4: (m - n) * (h + 1) must not overflow.
    if ((m - n) > (max_u64 - delta) / (h + 1)) return make_error(errc::overflow, 0);
    if (trace)
      trace->on_next_code_point(static_cast<char32_t>(m), static_cast<char32_t>(n), h, delta);
    delta += (m - n) * (h + 1);
    n = m;
    for (std::size_t j = 0; j < in.size(); ++j) {
      const char32_t c = in[j];
      if (c < n) {
        if (delta == max_u64) return make_error(errc::overflow, j, c);
        ++delta;
      } else if (c == n) {
        if (trace) trace->on_delta(c, j, delta, bias);
        if (!emit_integer(p, delta, bias, flags.any() && flags[j], sink, trace))
          return make_error(errc::overflow, j, c);
        bias = detail::adapt(runtime_profile{p}, delta, h + 1, h == b);
        if (trace) trace->on_bias(bias);
        delta = 0;
        ++h;
      }
    }
    ++delta;
    ++n;
  }
  return {};
}

template <class Sink>
status encode_fenwick(std::u32string_view in, const parameters& p, const flag_source& flags,
                      Sink& sink) {
  if (in.size() > max_length) return make_error(errc::input_too_long, max_length);
  std::size_t b = 0;
  if (status s = copy_basic(in, p, flags, sink, b); !s) return s;
  // (code point << 32 | position) sorts by code point, then position.
  std::vector<u64> order;
  order.reserve(in.size() - b);
  for (std::size_t j = 0; j < in.size(); ++j)
    if (in[j] >= p.initial_n) order.push_back((u64{in[j]} << 32) | j);
  std::sort(order.begin(), order.end());

  // A position is taken once its code point is below the current n (basic
  // ones from the start); the smaller code points before a position are the
  // taken slots below it.
  detail::free_slots handled(in.size());
  for (std::size_t j = 0; j < in.size(); ++j)
    if (in[j] < p.initial_n) handled.take(j);

  u64 n = p.initial_n;
  u64 delta = 0;
  std::uint32_t bias = p.initial_bias;
  u64 h = b;
  std::size_t g = 0;
  while (g < order.size()) {
    const u64 m = order[g] >> 32;
    std::size_t group_end = g;
    while (group_end < order.size() && (order[group_end] >> 32) == m) ++group_end;
    if ((m - n) > (max_u64 - delta) / (h + 1)) return make_error(errc::overflow, 0);
    delta += (m - n) * (h + 1);
    n = m;
    const u64 handled_before = h;  // code points < m, all of them in the tree
    u64 counted = 0;               // smaller code points before the last emitted position
    for (std::size_t k = g; k < group_end; ++k) {
      const std::size_t pos = static_cast<std::size_t>(order[k] & 0xFFFFFFFFu);
      const u64 smaller_before = pos - handled.free_before(pos);
      delta += smaller_before - counted;  // cannot overflow: bounded by the length
      counted = smaller_before;
      if (!emit_integer(p, delta, bias, flags.any() && flags[pos], sink, nullptr))
        return make_error(errc::overflow, pos, in[pos]);
      bias = detail::adapt(runtime_profile{p}, delta, h + 1, h == b);
      delta = 0;
      ++h;
    }
    // Smaller code points after the group's last position, then the RFC's
    // "increment delta and n" at the end of the scan.
    delta += handled_before - counted;
    for (std::size_t k = g; k < group_end; ++k)
      handled.take(static_cast<std::size_t>(order[k] & 0xFFFFFFFFu));
    ++delta;
    ++n;
    g = group_end;
  }
  return {};
}

bool use_simple(std::size_t length, const advanced_options& adv) {
  if (adv.trace != nullptr) return true;
  switch (adv.algorithm) {
    case strategy::simple: return true;
    case strategy::fenwick: return false;
    case strategy::automatic: break;
  }
  return length <= inplace_limit;
}

template <class Sink>
status encode_any(std::u32string_view in, const parameters& p, const flag_source& flags,
                  Sink& sink, const advanced_options& adv, bool check_parameters) {
  if (check_parameters && validate(p) != parameter_error::ok)
    return make_error(errc::bad_parameters, 0);
  if (use_simple(in.size(), adv)) return encode_simple(in, p, flags, sink, adv.trace);
  return encode_fenwick(in, p, flags, sink);
}

// Decodes into out[0, capacity); `flags` (may be null) has room for capacity.
buffer_result decode_into(std::string_view in, const parameters& p, char32_t* out,
                          std::size_t capacity, bool* flags, const advanced_options& adv,
                          bool check_parameters) {
  buffer_result r;
  if (check_parameters && validate(p) != parameter_error::ok) {
    r.status = make_error(errc::bad_parameters, 0);
    return r;
  }
  std::size_t b = 0;
  if (status s = detail::split_basic(runtime_profile{p}, in, b); !s) {
    r.status = s;
    return r;
  }
  std::size_t length = 0;
  status s;
  if (use_simple(in.size(), adv)) {
    // Insert in place while the output fits; past capacity keep parsing so
    // the caller learns the size needed.
    bool fits = b <= capacity;
    for (std::size_t j = 0; fits && j < b; ++j) {
      out[j] = static_cast<unsigned char>(in[j]);
      if (flags) flags[j] = is_ascii_upper(in[j]);
    }
    s = detail::parse_deltas(runtime_profile{p}, in, b, length, adv.trace,
                             [&](char32_t cp, std::size_t index, std::size_t current, bool upper) {
                               if (current + 1 > capacity) fits = false;
                               if (!fits) return;
                               const std::size_t tail = current - index;
                               std::memmove(out + index + 1, out + index, tail * sizeof(char32_t));
                               out[index] = cp;
                               if (flags) {
                                 std::memmove(flags + index + 1, flags + index, tail * sizeof(bool));
                                 flags[index] = upper;
                               }
                             });
  } else {
    // (code point << 32 | index) for every insertion, then placement.
    std::vector<u64> insertions;
    std::vector<bool> insertion_flags;
    s = detail::parse_deltas(runtime_profile{p}, in, b, length, nullptr,
                             [&](char32_t cp, std::size_t index, std::size_t, bool upper) {
                               insertions.push_back((u64{cp} << 32) | index);
                               if (flags) insertion_flags.push_back(upper);
                             });
    if (s && length <= capacity) {
      // Reverse order: an insertion's slot is the index-th one not taken
      // by a later insertion; the basic code points fill the rest in order.
      detail::free_slots slots(length);
      for (std::size_t j = insertions.size(); j-- > 0;) {
        const std::size_t slot =
            slots.select(static_cast<std::uint32_t>(insertions[j] & 0xFFFFFFFFu));
        slots.take(slot);
        out[slot] = static_cast<char32_t>(insertions[j] >> 32);
        if (flags) flags[slot] = insertion_flags[j];
      }
      std::size_t next = 0;
      slots.for_each_free([&](std::size_t slot) {
        const char ch = in[next++];
        out[slot] = static_cast<unsigned char>(ch);
        if (flags) flags[slot] = is_ascii_upper(ch);
      });
    }
  }
  if (!s) {
    r.status = s;
    return r;
  }
  r.size = length;
  if (length > capacity) {
    r.status.code = errc::buffer_too_small;
    r.status.needed = length;
  }
  return r;
}

status encode_string(std::u32string_view input, const parameters& p, std::string& out,
                     const std::vector<bool>* uppercase_flags, const advanced_options& adv,
                     bool check_parameters) {
  if (uppercase_flags && uppercase_flags->size() != input.size())
    return make_error(errc::case_flags_mismatch, std::min(input.size(), uppercase_flags->size()));
  const std::size_t restore = out.size();
  flag_source flags;
  flags.vec = uppercase_flags;
  string_sink sink{out};
  status s = encode_any(input, p, flags, sink, adv, check_parameters);
  if (!s) out.resize(restore);
  return s;
}

buffer_result encode_buffer(std::u32string_view input, const parameters& p, char* out,
                            std::size_t capacity, const bool* uppercase_flags,
                            bool check_parameters) {
  buffer_result r;
  flag_source flags;
  flags.arr = uppercase_flags;
  buffer_sink sink{out, capacity};
  r.status = encode_any(input, p, flags, sink, advanced_options{}, check_parameters);
  if (!r.ok()) return r;
  r.size = sink.size;
  if (sink.size > capacity) {
    r.status.code = errc::buffer_too_small;
    r.status.needed = sink.size;
  }
  return r;
}

status decode_string(std::string_view input, const parameters& p, std::u32string& out,
                     std::vector<bool>* uppercase_flags, const advanced_options& adv,
                     bool check_parameters) {
  // Before the output is sized for it: never allocate 4 bytes a byte for
  // an input that is refused anyway.
  if (input.size() > max_length) return make_error(errc::input_too_long, max_length);
  // Every decoded code point consumes at least one input character, so the
  // input length bounds the output length.
  const std::size_t restore = out.size();
  out.resize(restore + input.size());
  std::unique_ptr<bool[]> flag_buffer;
  if (uppercase_flags) flag_buffer.reset(new bool[input.size() + 1]);
  const buffer_result r = decode_into(input, p, out.data() + restore, input.size(),
                                      flag_buffer.get(), adv, check_parameters);
  if (!r.ok()) {
    out.resize(restore);
    return r.status;
  }
  out.resize(restore + r.size);
  if (uppercase_flags)
    for (std::size_t j = 0; j < r.size; ++j) uppercase_flags->push_back(flag_buffer[j]);
  return {};
}

}  // namespace

std::string_view to_string(parameter_error e) noexcept {
  switch (e) {
    case parameter_error::ok: return "ok";
    case parameter_error::base_out_of_range: return "base must be between 2 and 126";
    case parameter_error::tmin_greater_than_tmax: return "tmin must not exceed tmax (RFC 3492 section 4)";
    case parameter_error::tmax_not_below_base: return "tmax must be at most base - 1 (RFC 3492 section 4)";
    case parameter_error::tmax_zero: return "tmax must be at least 1, or no digit can end an integer";
    case parameter_error::skew_zero: return "skew must be at least 1 (RFC 3492 section 4)";
    case parameter_error::damp_too_small: return "damp must be at least 2 (RFC 3492 section 4)";
    case parameter_error::initial_bias_too_large:
      return "initial_bias mod base must be at most base - tmin (RFC 3492 section 4)";
    case parameter_error::initial_n_out_of_range:
      return "initial_n must be between 1 and 0x80 (basic code points are ASCII)";
    case parameter_error::max_code_point_too_small: return "max_code_point must be at least initial_n";
    case parameter_error::alphabet_size_mismatch: return "the digit alphabet must have exactly base characters";
    case parameter_error::digit_not_basic: return "every digit must be a basic code point";
    case parameter_error::duplicate_digit: return "two digits collide (possibly differing only in case)";
    case parameter_error::delimiter_not_basic: return "the delimiter must be a basic code point";
    case parameter_error::delimiter_is_digit: return "the delimiter must not be a digit";
  }
  return "unknown parameter error";
}

status encode(std::u32string_view input, const parameters& p, std::string& out,
              const std::vector<bool>* uppercase_flags, const advanced_options& adv) {
  return encode_string(input, p, out, uppercase_flags, adv, true);
}

status encode(std::u32string_view input, const parameters& p, std::string& out,
              const std::vector<bool>* uppercase_flags) {
  return encode_string(input, p, out, uppercase_flags, advanced_options{}, true);
}

buffer_result encode(std::u32string_view input, const parameters& p, char* out,
                     std::size_t capacity, const bool* uppercase_flags) {
  return encode_buffer(input, p, out, capacity, uppercase_flags, true);
}

status decode(std::string_view input, const parameters& p, std::u32string& out,
              std::vector<bool>* uppercase_flags, const advanced_options& adv) {
  return decode_string(input, p, out, uppercase_flags, adv, true);
}

status decode(std::string_view input, const parameters& p, std::u32string& out,
              std::vector<bool>* uppercase_flags) {
  return decode_string(input, p, out, uppercase_flags, advanced_options{}, true);
}

buffer_result decode(std::string_view input, const parameters& p, char32_t* out,
                     std::size_t capacity, bool* uppercase_flags) {
  return decode_into(input, p, out, capacity, uppercase_flags, advanced_options{}, true);
}

namespace detail {

status encode_trusted(std::u32string_view input, const parameters& p, std::string& out,
                      const std::vector<bool>* uppercase_flags) {
  return encode_string(input, p, out, uppercase_flags, advanced_options{}, false);
}

buffer_result encode_trusted(std::u32string_view input, const parameters& p, char* out,
                             std::size_t capacity) {
  return encode_buffer(input, p, out, capacity, nullptr, false);
}

status decode_trusted(std::string_view input, const parameters& p, std::u32string& out,
                      std::vector<bool>* uppercase_flags) {
  return decode_string(input, p, out, uppercase_flags, advanced_options{}, false);
}

buffer_result decode_trusted(std::string_view input, const parameters& p, char32_t* out,
                             std::size_t capacity) {
  return decode_into(input, p, out, capacity, nullptr, advanced_options{}, false);
}

}  // namespace detail
}  // namespace puny::bootstring
