// Punycode: RFC 3492 with the section 5 parameters, plus UTF-8 adapters.
#include "puny/punycode.hpp"

#include <algorithm>
#include <array>
#include <memory>

#include "bootstring/compact_engine.hpp"
#include "bootstring/fixed_engine.hpp"
#include "bootstring/label_codec.hpp"
#include "puny/unicode.hpp"

namespace puny::punycode {
namespace {

using bootstring::buffer_result;
using bootstring::inplace_limit;

// The one length choice of this file.  Strings of at most short_limit code
// points to encode or bytes to decode (every DNS label and name) take the
// engine specialised for the section 5 parameters, with its buffers on the
// stack.  Longer strings:
//  * encoding runs the generic engine (engine.cpp, encode_trusted: O(n log
//    n) with a Fenwick tree over the positions);
//  * decoding stays in the fixed engine (engine::decode_long: every
//    insertion parsed, then placed, in a bounded number of steps each up
//    to 3 MB and in O(log n) above, fixed_engine.hpp);
//  * the IDNA pipeline's labels (bootstring::label, at the end of this
//    file) take the compact engine instead, so that a program calling only
//    to_ascii and to_unicode does not link the two routes above.
// by_length makes that choice for every entry point below, each naming its
// two routes; always inlined, it costs nothing against calling the route
// directly (bench/instructions.sh labels/decode and long-1024/decode).
using engine = bootstring::fixed::engine<profile>;
using bootstring::fixed::short_limit;
static_assert(engine::max_encoded(1) == bootstring::label::direct_encode_capacity(1) &&
                  engine::max_encoded(short_limit) ==
                      bootstring::label::direct_encode_capacity(short_limit),
              "label_codec.hpp's capacity is the fixed engine's worst case");

#if defined(__GNUC__)
#define PUNY_DISPATCH_INLINE inline __attribute__((always_inline))
#else
#define PUNY_DISPATCH_INLINE inline
#endif

template <class ShortRoute, class LongRoute>
PUNY_DISPATCH_INLINE auto by_length(std::size_t length, ShortRoute&& short_route, LongRoute&& long_route) {
  return length <= short_limit ? short_route() : long_route();
}

PUNY_DISPATCH_INLINE buffer_result encode_buffer(std::u32string_view in, char* out, std::size_t capacity) {
  return by_length(
      in.size(), [&] { return engine::encode(in, out, capacity); },
      [&] { return bootstring::detail::encode_trusted(in, profile, out, capacity); });
}

PUNY_DISPATCH_INLINE buffer_result decode_buffer(std::string_view in, char32_t* out, std::size_t capacity) {
  return by_length(
      in.size(), [&] { return engine::decode_short(in, out, capacity); },
      [&] { return engine::decode_long(in, out, capacity); });
}

// Scratch for code points: on the stack up to inplace_limit (plus the room
// the short-string decoder needs to work in place), else on the heap.
class code_point_scratch {
 public:
  explicit code_point_scratch(std::size_t size) {
    if (size > stack_.size()) {
      heap_.reset(new char32_t[size]);
      data_ = heap_.get();
    }
  }
  char32_t* data() { return data_; }

 private:
  // Uninitialised: written before read.
  std::array<char32_t, inplace_limit + engine::decode_room> stack_;
  std::unique_ptr<char32_t[]> heap_;
  char32_t* data_ = stack_.data();
};

// Decodes Punycode into scratch for the UTF-8 forms: room for one code
// point per input byte, and the short-string engine's working room.
buffer_result decode_to_scratch(std::string_view in, code_point_scratch& scratch) {
  return decode_buffer(in, scratch.data(), in.size() + engine::decode_room);
}

// Writes decoded code points (scalar values: the decoder rejects the rest)
// as UTF-8 at out, which has room for 4 bytes per code point; returns the
// number of bytes.
std::size_t put_utf8_all(const char32_t* cps, std::size_t count, char* out) {
  char* p = out;
  for (std::size_t j = 0; j < count; ++j) p += unicode::put_utf8(cps[j], p);
  return static_cast<std::size_t>(p - out);
}

// The length limit of punycode.hpp (2^32 - 2 code points to encode, bytes
// to decode), which every engine enforces.  The UTF-8 adapters size their
// code point scratch by it too, so that an input beyond it fails without
// first reserving 4 bytes per input byte.
constexpr std::size_t max_input_length = 0xFFFFFFFFu - 1;

// Room for the code points of UTF-8 input: one per byte, but never more
// than one past the limit (utf8_into stops storing there).
std::size_t scratch_for_utf8(std::size_t bytes) { return std::min(bytes, max_input_length + 1); }

// Decodes UTF-8 into `cps` (room for scratch_for_utf8(in.size()) code
// points); returns count.  The whole input is validated even past the
// limit, so ill-formed UTF-8 is reported as it is for shorter input; more
// code points than the limit is errc::input_too_long, as the encoder says it.
status utf8_into(std::string_view in, char32_t* cps, std::size_t& count) {
  count = 0;
  std::size_t pos = 0;
  while (pos < in.size()) {
    char32_t c;
    if (!unicode::next_utf8(in, pos, c)) {
      status s;
      s.code = errc::invalid_utf8;
      s.offset = pos;
      return s;
    }
    if (count <= max_input_length) cps[count] = c;
    ++count;
  }
  if (count > max_input_length)
    return bootstring::detail::make_error(errc::input_too_long, max_input_length);
  return {};
}

// Input too long to decode: every engine refuses it (input_too_long, or an
// error of the basic code points found first) before writing any output, so
// no scratch is needed to learn which.
bool too_long_to_decode(std::string_view in) { return in.size() > max_input_length; }

// The string-returning encoders' form of encode_buffer: the fixed engine
// on the stack, then the result constructed from it (no assignment to a
// default string: one allocation at most, none when the encoding fits the
// string's inline buffer); or the generic engine growing the result itself.
result<std::string> encode_to_string(std::u32string_view input) {
  return by_length(
      input.size(),
      [&]() -> result<std::string> {
        char buf[engine::max_encoded(short_limit)];
        const buffer_result br = engine::encode(input, buf, engine::max_encoded(input.size()));
        if (!br.ok()) return {{}, br.status};
        return {std::string(buf, br.size), {}};
      },
      [&] {
        result<std::string> r;
        r.status = bootstring::detail::encode_trusted(input, profile, r.value, nullptr);
        return r;
      });
}

}  // namespace

result<std::string> encode(std::u32string_view input) { return encode_to_string(input); }

result<std::string> encode(std::u32string_view input, const std::vector<bool>& uppercase) {
  result<std::string> r;
  r.status = bootstring::detail::encode_trusted(input, profile, r.value, &uppercase);
  return r;
}

result<std::u32string> decode(std::string_view input) {
  return by_length(
      input.size(),
      [&]() -> result<std::u32string> {
        // At most one code point per input byte, plus the engine's working
        // room: it decodes in place here, and the result is constructed
        // from it (one allocation, one copy; no assignment to a default
        // string).
        char32_t buf[short_limit + engine::decode_room];
        const buffer_result br = engine::decode_short(input, buf, input.size() + engine::decode_room);
        if (!br.ok()) return {{}, br.status};
        return {std::u32string(buf, br.size), {}};
      },
      [&] {
        // Straight into the result, with the engine's working room.
        result<std::u32string> r;
        r.value.resize(input.size() + engine::decode_room);
        const buffer_result br = engine::decode_long(input, &r.value[0], r.value.size());
        r.status = br.status;
        r.value.resize(br.ok() ? br.size : 0);
        return r;
      });
}

result<annotated> decode_annotated(std::string_view input) {
  result<annotated> r;
  r.status = bootstring::detail::decode_trusted(input, profile, r.value.text, &r.value.uppercase);
  return r;
}

result<std::string> encode_utf8(std::string_view utf8_input) {
  result<std::string> r;
  // UTF-8 has at least one byte per code point.
  code_point_scratch scratch(scratch_for_utf8(utf8_input.size()));
  std::size_t count = 0;
  r.status = utf8_into(utf8_input, scratch.data(), count);
  if (!r.ok()) return r;
  return encode_to_string(std::u32string_view(scratch.data(), count));
}

result<std::string> decode_to_utf8(std::string_view input) {
  result<std::string> r;
  if (too_long_to_decode(input)) {
    r.status = decode_buffer(input, nullptr, 0).status;
    return r;
  }
  code_point_scratch scratch(input.size() + engine::decode_room);
  const buffer_result br = decode_to_scratch(input, scratch);
  r.status = br.status;
  if (r.ok()) {
    r.value.resize(4 * br.size);
    r.value.resize(put_utf8_all(scratch.data(), br.size, &r.value[0]));
  }
  return r;
}

buffer_result encode(std::u32string_view input, char* out, std::size_t capacity) {
  return encode_buffer(input, out, capacity);
}

buffer_result decode(std::string_view input, char32_t* out, std::size_t capacity) {
  return decode_buffer(input, out, capacity);
}

buffer_result encode_utf8(std::string_view utf8_input, char* out, std::size_t capacity) {
  // UTF-8 has at least one byte per code point.
  code_point_scratch scratch(scratch_for_utf8(utf8_input.size()));
  std::size_t count = 0;
  buffer_result r;
  r.status = utf8_into(utf8_input, scratch.data(), count);
  if (!r.ok()) return r;
  return encode_buffer(std::u32string_view(scratch.data(), count), out, capacity);
}

buffer_result decode_to_utf8(std::string_view input, char* out, std::size_t capacity) {
  if (too_long_to_decode(input)) return decode_buffer(input, nullptr, 0);
  code_point_scratch scratch(input.size() + engine::decode_room);
  buffer_result r = decode_to_scratch(input, scratch);
  if (!r.ok()) return r;
  const char32_t* const cps = scratch.data();
  if (capacity >= 4 * r.size) {  // room for any UTF-8 form of r.size code points
    r.size = put_utf8_all(cps, r.size, out);
    return r;
  }
  // Write what fits, and say how much is needed.
  std::size_t size = 0;
  char bytes[4];
  for (std::size_t j = 0; j < r.size; ++j) {
    const std::size_t len = unicode::put_utf8(cps[j], bytes);
    for (std::size_t k = 0; k < len; ++k, ++size)
      if (size < capacity) out[size] = bytes[k];
  }
  r.size = size;
  if (size > capacity) {
    r.status.code = errc::buffer_too_small;
    r.status.needed = size;
  }
  return r;
}

}  // namespace puny::punycode

namespace puny::bootstring::label {
namespace {

// The compact engine's scratch for an input of n code points or bytes; none
// past the length limit, which the engine refuses before touching it.
class compact_scratch {
 public:
  explicit compact_scratch(std::size_t n) {
    if (n <= detail::max_length) memory_.reset(new detail::u64[compact::scratch_words(n)]);
  }
  detail::u64* data() { return memory_.get(); }

 private:
  std::unique_ptr<detail::u64[]> memory_;
};

constexpr detail::constant_profile<punycode::profile> compact_profile{};

// The long routes out of line: inlined, their scratch and the compact
// engine's frame would be set up on every label's call (+13 instructions
// per label, bench/instructions.sh domains-idn.ascii/to_unicode).
#if defined(__GNUC__)
#define PUNY_LABEL_LONG_ROUTE __attribute__((noinline, cold))
#else
#define PUNY_LABEL_LONG_ROUTE
#endif

PUNY_LABEL_LONG_ROUTE buffer_result decode_long(std::string_view in, char32_t* out, std::size_t capacity) {
  compact_scratch scratch(in.size());
  return compact::decode(compact_profile, in, out, capacity, scratch.data());
}

PUNY_LABEL_LONG_ROUTE buffer_result encode_long(std::u32string_view in, char* out, std::size_t capacity) {
  compact_scratch scratch(in.size());
  // std::sort, not the engine's heap sort: linear per doubling on millions
  // of code points (compact_engine.hpp's encode() says why).
  return compact::encode(compact_profile, in, out, capacity, scratch.data(),
                         [](detail::u64* keys, std::size_t count) { std::sort(keys, keys + count); });
}

}  // namespace

// The short route through decode_shaped (its one copy of the fixed
// engine's loop; decode_short's would be a second in a program that calls
// only the IDNA functions), the exact route on its failures.
buffer_result decode(std::string_view in, char32_t* out, std::size_t capacity) {
  return punycode::by_length(
      in.size(),
      [&] {
        return punycode::engine::decode_short_by(
            in, out, capacity, [](std::string_view text, char32_t* work, std::size_t& length) {
              decoded_shape shape;
              const bool ok = decode_shaped(text, work, shape);
              length = shape.size;
              return ok;
            });
      },
      [&] { return decode_long(in, out, capacity); });
}

static_assert(decode_shaped_room == punycode::engine::decode_room, "label_codec.hpp's room is the engine's");
// Never inlined into decode above: one copy of the loop (see there).
#if defined(__GNUC__)
__attribute__((noinline))
#endif
bool decode_shaped(std::string_view in, char32_t* out, decoded_shape& shape) {
  if (in.size() > bootstring::fixed::short_limit) return false;
  return punycode::engine::decode_shaped(in, out, shape);
}

// Labels of up to 64 code points (every DNS label) on the fixed engine's
// one-register route; longer ones, and every label on x86-64 processors
// without POPCNT when the library is built for baseline x86-64, on the
// compact engine.
buffer_result encode(std::u32string_view in, char* out, std::size_t capacity) {
  if (punycode::engine::fits_register(in.size()))
    return punycode::engine::encode_register(in, out, capacity);
  return encode_long(in, out, capacity);
}

}  // namespace puny::bootstring::label
