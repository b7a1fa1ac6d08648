// puny for JavaScript: explain, the steps of Bootstring (from the library's
// own coder) and of ToASCII, for the IDNA levels.
#include <emscripten/emscripten.h>

#include <string>

#include "explain/punycode_trace.hpp"
#include "idna_options.hpp"
#include "module.hpp"
#include "puny/unicode.hpp"

namespace {

// ---- Explain: the Bootstring steps, from the library's own coder ----

// `error_offset`: where t.status points, in UTF-16 code units.
void write_punycode_trace(json_writer& w, const puny::explain::trace& t, std::size_t error_offset) {
  w.open_object();
  w.key("direction").string(t.decoding ? "decode" : "encode");
  w.key("codePoints").open_array();
  for (char32_t c : t.code_points) w.number(c);
  w.close_array();
  w.key("basic").string(t.basic);
  w.key("delimiter");
  if (t.has_delimiter) w.string(std::string_view(&t.delimiter, 1)); else w.null();
  w.key("steps").open_array();
  for (const auto& d : t.steps) {
    w.open_object();
    w.key("codePoint").number(d.code_point);
    w.key("position").number(d.position);
    w.key("delta").number(d.delta);
    w.key("bias").number(d.bias);
    w.key("newBias").number(d.new_bias);
    w.key("digits").open_array();
    for (const auto& g : d.digits) {
      w.open_object();
      w.key("value").number(g.value);
      w.key("threshold").number(g.threshold);
      w.key("weight").number(g.weight);
      w.key("character").string(std::string_view(&g.character, 1));
      w.close_object();
    }
    w.close_array();
    if (t.decoding) {
      w.key("textAfter").string(std::u32string_view(d.text_after));
    } else {
      w.key("startsCodePoint").boolean(d.starts_code_point);
      w.key("previousN").number(d.previous_n);
      w.key("handled").number(d.handled);
      w.key("carried").number(d.carried);
      w.key("smallerBefore").number(d.smaller_before);
    }
    w.close_object();
  }
  w.close_array();
  if (t.status) {
    w.key("output").string(t.output);  // UTF-8 (decoder) or ASCII (encoder)
    w.key("error").null();
  } else {
    w.key("output").null();
    w.key("error");
    write_error(w, t.status, error_offset, puny::error_source::punycode);
  }
  w.close_object();
}

// The trace of encoding or decoding the caller's string, as JSON in g_json.
void explain_punycode(std::u16string_view input, bool decoding) {
  g_json.clear();
  std::string utf8;
  const puny::status s = to_utf8(input, utf8);
  if (!s) {  // a lone surrogate, at its code unit
    puny::explain::trace t;
    t.decoding = decoding;
    t.status = s;
    write_punycode_trace(g_json, t, s.offset);
    return;
  }
  const puny::explain::trace t =
      decoding ? puny::explain::run_decode(utf8) : puny::explain::run_encode(utf8);
  // Encoder errors count code points, decoder errors bytes of the input.
  const std::size_t at = t.decoding ? utf16_index(utf8, t.status.offset)
                                    : utf16_index(t.code_points, t.status.offset);
  write_punycode_trace(g_json, t, at);
}

// ToASCII step by step (puny::idna::explain_to_ascii), as JSON in g_json.
void explain_to_ascii(std::u16string_view domain, unsigned bits) {
  json_writer& w = g_json;
  w.clear();
  w.open_object();
  std::string utf8;
  const puny::status s = to_utf8(domain, utf8);
  if (!s) {
    w.key("error");
    write_error(w, s, s.offset, puny::error_source::uts46);
    w.close_object();
    return;
  }
  const puny::idna::trace t = puny::idna::explain_to_ascii(utf8, options_of(bits));
  utf16_cursor at(utf8), label_at(utf8);  // mappings ascend; so do label errors
  w.key("mappings").open_array();
  for (const auto& m : t.mappings) {
    w.open_object();
    w.key("offset").number(at(m.offset));
    w.key("codePoint").number(m.code_point);
    w.key("status").string(m.status);
    w.key("replacement").string(std::u32string_view(m.replacement));
    w.close_object();
  }
  w.close_array();
  w.key("mapped").string(std::u32string_view(t.mapped));
  w.key("normalized").string(std::u32string_view(t.normalized));
  w.key("labels").open_array();
  for (const auto& l : t.labels) {
    w.open_object();
    w.key("text").string(std::u32string_view(l.text));
    w.key("ace").boolean(l.ace);
    w.key("decoded");
    l.ace ? w.string(std::u32string_view(l.decoded)) : w.null();
    w.key("errors");
    write_errors(w, l.errors, label_at);
    w.key("ascii").string(l.ascii);
    w.close_object();
  }
  w.close_array();
  w.key("domainErrors");
  write_errors(w, t.domain_errors, utf8);
  w.key("output");
  t.result.ok() ? w.string(t.result.output) : w.null();
  w.key("bestEffort").string(t.result.best_effort);
  w.key("errors");
  write_errors(w, t.result.errors.all, utf8);
  w.key("validationErrors");
  write_errors(w, t.result.validation_errors, utf8);
  w.key("unicodeVersion").string(puny::unicode::unicode_version);
  w.close_object();
}

}  // namespace


extern "C" {

// The Bootstring trace of encoding (decoding = 0) or decoding the input.
EMSCRIPTEN_KEEPALIVE int puny_js_explain_punycode(int decoding, int n) {
  explain_punycode(input_view(n), decoding != 0);
  return put_json();
}

EMSCRIPTEN_KEEPALIVE int puny_js_explain_to_ascii(unsigned bits, int n) {
  explain_to_ascii(input_view(n), bits);
  return put_json();
}

}  // extern "C"
