// The order in which the entry points (uts46.cpp) run the stages
// (stages.hpp), for every input encoding.  Also the reference form of the
// URL family's all-ASCII rule (url.hpp), which fast_path.hpp's url_ascii
// route must match.
//
//   to_ascii:   [URL family, ASCII input: lowercase + first_url_error]
//               decode+Map -> process (Normalize, Break, Convert, Validate)
//               -> emit_ascii -> [URL family: url_checks_after_emit]
//   to_unicode: decode+Map -> process -> (caller) emit_unicode
#include <type_traits>

#include "idna/stages.hpp"
#include "idna/url.hpp"

namespace puny::idna::detail {

namespace {

template <class CharT>
void map_input(workspace& ws, std::basic_string_view<CharT> in, const options& opt,
               const char* ldh_low, std::uint64_t dots) {
  if constexpr (std::is_same_v<CharT, char>) {
    if (ldh_low != nullptr) {
      // Letters, digits, hyphens and dots only (typically xn-- labels):
      // step 1 is the lowercasing the fast path already did.
      map_ldh_ascii(ws, ldh_low, in.size(), dots);
      return;
    }
  }
  (void)ldh_low;
  (void)dots;
  decode_and_map(ws, opt, in);
}

// process(), with the LDH input's bytes at hand while it runs (they live
// in the caller's frame); `ldh_low` as map_input took it.
void process_input(workspace& ws, const options& opt, operation op, const char* ldh_low) {
  ws.ldh_input = ldh_low;
  process(ws, opt, op);
  ws.ldh_input = nullptr;
}

void add_url_error(workspace& ws, const status& e) {
  if (!e.ok()) ws.errors.push_back(e);
}

}  // namespace

void url_checks_after_emit(workspace& ws, std::size_t output_size) {
  if (output_size == 0) {
    add_error(ws, errc::empty_label, 0, 0);
    return;
  }
  check_forbidden_in_labels(ws);
}

template <class CharT, class Out>
status run_to_ascii(workspace& ws, std::basic_string_view<CharT> in, const options& opt,
                    Out& out, const char* ldh_low, std::uint64_t dots) {
  const std::size_t start = out.size();
  if (url_family(opt)) {
    bool ascii = true;
    for (const CharT c : in) ascii = ascii && static_cast<std::uint32_t>(c) < 0x80;
    if (ascii) {
      // URL Standard, beStrict=false (whatwg/url#914): an ASCII domain is
      // lowercased and returned without UTS #46 processing.
      for (const CharT c : in) out.push_back(lower_ascii(static_cast<std::uint32_t>(c)));
      add_url_error(ws, first_url_error(out.data() + start, out.size() - start));
      return finish_errors(ws);
    }
  }
  map_input(ws, in, opt, ldh_low, dots);
  process_input(ws, opt, operation::to_ascii, std::is_same_v<CharT, char> ? ldh_low : nullptr);
  emit_ascii(ws, opt, out);
  if (url_family(opt) && ws.errors.empty()) url_checks_after_emit(ws, out.size() - start);
  return finish_errors(ws);
}

template <class CharT>
status run_to_unicode(workspace& ws, std::basic_string_view<CharT> in, const options& opt,
                      const char* ldh_low, std::uint64_t dots) {
  map_input(ws, in, opt, ldh_low, dots);
  process_input(ws, opt, operation::to_unicode, std::is_same_v<CharT, char> ? ldh_low : nullptr);
  return finish_errors(ws);
}

template status run_to_ascii(workspace&, std::string_view, const options&, std::string&,
                             const char*, std::uint64_t);
template status run_to_ascii(workspace&, std::string_view, const options&, pod_buffer<char>&,
                             const char*, std::uint64_t);
template status run_to_ascii(workspace&, std::u16string_view, const options&, std::string&,
                             const char*, std::uint64_t);
template status run_to_ascii(workspace&, std::u32string_view, const options&, std::string&,
                             const char*, std::uint64_t);
template status run_to_unicode(workspace&, std::string_view, const options&, const char*,
                               std::uint64_t);
template status run_to_unicode(workspace&, std::u16string_view, const options&, const char*,
                               std::uint64_t);
template status run_to_unicode(workspace&, std::u32string_view, const options&, const char*,
                               std::uint64_t);

}  // namespace puny::idna::detail
