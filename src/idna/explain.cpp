// `puny explain to-ascii` (idna.hpp: explain_to_ascii): the pipeline of
// to_ascii (pipeline.cpp), never the fast path, with the intermediate
// result of every step kept.
//
// Contract: trace::result is exactly what to_ascii_detailed returns for the
// same input and options; the other fields show section 4 step 1 (each
// mapping), step 2 (the NFC'd string), steps 3-4 per label (decoded
// Punycode and errors) and ToASCII's output per label.
#include "idna/stages.hpp"
#include "puny/unicode.hpp"
#include "unicode/ucd.hpp"

namespace puny::idna {

namespace ucd = puny::detail::ucd;
using detail::label_info;
using detail::workspace;
using detail::operation;

namespace {

// The end of both explain paths: each error goes to its label, or to the
// domain when it is not tied to one (`domain_level`, or a label index past
// the last label); the result is what to_ascii_detailed returns.
void finish_trace(trace& t, const workspace& ws, const std::string& out, const status& first,
                  errc domain_level) {
  for (const status& e : ws.errors) {
    if (e.code == domain_level || e.label >= t.labels.size())
      t.domain_errors.push_back(e);
    else
      t.labels[e.label].errors.push_back(e);
  }
  t.result.best_effort = out;
  if (first.ok()) t.result.output = out;
  t.result.errors = detail::make_report(ws, first);
}

// The URL family's validation errors, as to_ascii_detailed lists them (after
// the trace is complete: the strict run resets the workspace).
trace with_validation_errors(trace t, std::string_view domain, const options& opt) {
  t.result.validation_errors = detail::url_validation_errors(domain, opt);
  return t;
}

// explain_to_ascii for the URL family's all-ASCII pass-through: the input
// lowercased, split at the dots, and the URL checks.
trace explain_url_ascii_pass(std::string_view domain, const options& opt) {
  trace t;
  t.url_ascii_pass = true;
  workspace& ws = detail::local_workspace();
  std::string out;
  const status first = detail::run_to_ascii(ws, domain, opt, out);
  for (std::size_t i = 0; i < domain.size(); ++i) {
    const auto c = static_cast<unsigned char>(domain[i]);
    if (c >= 'A' && c <= 'Z')
      t.mappings.push_back(
          {i, c, "mapped", std::u32string(1, static_cast<char32_t>(c + 0x20))});
  }
  t.mapped.assign(out.begin(), out.end());
  t.normalized = t.mapped;
  std::size_t a = 0;
  for (std::size_t i = 0; i <= out.size(); ++i) {
    if (i < out.size() && out[i] != '.') continue;
    trace::label lt;
    lt.ascii = out.substr(a, i - a);
    lt.text.assign(lt.ascii.begin(), lt.ascii.end());
    t.labels.push_back(std::move(lt));
    a = i + 1;
  }
  finish_trace(t, ws, out, first, errc::empty_label);
  return t;
}

bool all_ascii(std::string_view s) noexcept {
  for (const char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

// explain_to_ascii for everything else: section 4 step by step.
trace explain_pipeline(std::string_view domain, const options& opt) {
  trace t;
  workspace& ws = detail::local_workspace();
  // Step 1, one code point at a time, so each mapping can be recorded.
  detail::start_map(ws, domain.size());
  std::size_t pos = 0;
  bool well_formed = true;
  while (pos < domain.size()) {
    const std::size_t start = pos;
    char32_t c = 0;
    if (!unicode::next_utf8(domain, pos, c)) {
      well_formed = false;
      break;
    }
    const std::size_t before = ws.mapped.size();
    detail::map_code_point(ws, opt, c, start);
    const std::u32string_view produced(ws.mapped.data() + before, ws.mapped.size() - before);
    std::string_view status_name;
    if (c < 0x80) {
      if (c >= 'A' && c <= 'Z') status_name = "mapped";
    } else {
      switch (ucd::idna_lookup(c).status) {
        case ucd::idna_status::valid: break;
        case ucd::idna_status::ignored: status_name = "ignored"; break;
        case ucd::idna_status::mapped: status_name = "mapped"; break;
        case ucd::idna_status::deviation: status_name = "deviation"; break;
        case ucd::idna_status::disallowed: status_name = "disallowed"; break;
      }
    }
    if (!status_name.empty())
      t.mappings.push_back({start, c, status_name, std::u32string(produced)});
  }
  if (!well_formed) {
    // Ill-formed UTF-8: fall back to the ordinary decoder, which reports it.
    ws.reset();
    detail::decode_and_map(ws, opt, domain);
  }
  t.mapped.assign(ws.mapped.data(), ws.mapped.size());
  std::vector<std::size_t> label_ends;
  ws.trace_label_ends = &label_ends;
  detail::process(ws, opt, operation::to_ascii);
  std::string out;
  detail::emit_ascii(ws, opt, out);
  ws.trace_label_ends = nullptr;
  if (detail::url_family(opt) && ws.errors.empty()) detail::url_checks_after_emit(ws, out.size());

  // Step 2 as a whole string: NFC per label joined by the dots.
  std::size_t a = 0;
  for (std::size_t i = 0; i <= ws.mapped.size(); ++i) {
    if (i < ws.mapped.size() && ws.mapped[i] != '.') continue;
    if (a > 0) t.normalized.push_back('.');
    t.normalized += ucd::nfc(std::u32string_view(ws.mapped.data() + a, i - a));
    a = i + 1;
  }
  std::size_t ascii_start = 0;
  // One cursor into t.normalized for all labels: label k starts where label
  // k-1 ended (issue 44: rescanning from the start per label was quadratic).
  std::size_t text_start = 0;
  t.labels.reserve(ws.labels.size());
  for (std::size_t k = 0; k < ws.labels.size(); ++k) {
    const label_info& l = ws.labels[k];
    trace::label lt;
    const std::size_t end = k < label_ends.size() ? label_ends[k] : out.size();
    if (ascii_start <= out.size()) lt.ascii = out.substr(ascii_start, end - ascii_start);
    ascii_start = end + 1;
    // The label as NFC left it: ACE labels were replaced by their decoding.
    if (text_start <= t.normalized.size()) {
      std::size_t text_end = t.normalized.find(U'.', text_start);
      if (text_end == std::u32string::npos) text_end = t.normalized.size();
      lt.text = t.normalized.substr(text_start, text_end - text_start);
      text_start = text_end + 1;
    }
    lt.ace = detail::starts_with_ace_prefix(lt.text.data(), lt.text.size());
    if (lt.ace && l.in_text && l.mapped_begin == l.mapped_end) lt.decoded = std::u32string(ws.view(l));
    t.labels.push_back(std::move(lt));
  }
  const status first = detail::finish_errors(ws);
  finish_trace(t, ws, out, first, errc::domain_too_long);
  return t;
}

}  // namespace

trace explain_to_ascii(std::string_view domain, const options& opt) {
  if (detail::url_family(opt) && all_ascii(domain))
    return with_validation_errors(explain_url_ascii_pass(domain, opt), domain, opt);
  return with_validation_errors(explain_pipeline(domain, opt), domain, opt);
}

}  // namespace puny::idna
