// puny._puny: lookalike hunting (puny/hunt.hpp) for puny.hunt
// (surfaces/python/puny/hunt.py wraps it; docs/hunt.md).  A HuntIndex is a
// brand_index built once with its matching options; find() checks one
// name, find_many() a list of names with the GIL released for the
// matching; each gives puny.hunt.Report records (record_type.cpp).  Rule names, scores and the brand list format are the core's;
// this file only converts: str in as UTF-8 (lone surrogates as
// "surrogatepass" bytes, which the core's display verdict reports as
// ill-formed, turned into invalid_code_point at the surrogate's index),
// match offsets out as str indices (binding.hpp).
#include <cstdint>
#include <memory>
#include <string_view>
#include <string>
#include <utility>
#include <vector>

#include "binding.hpp"
#include "puny/display.hpp"
#include "puny/hunt.hpp"

namespace puny_python {
namespace {

namespace hunt = puny::hunt;

struct hunt_index {
  hunt::brand_index index;
  hunt::options options;
  std::string_view profile_name;  // the profile's registry name (static)
};

// The matching options from the keywords puny.hunt passes: rule names (None:
// every rule), per-rule minimum brand lengths, minimum score, profile.
hunt::options make_options(py::handle rules, py::handle min_lengths, py::handle min_score,
                           py::handle profile) {
  hunt::options o;
  if (!rules.is_none()) {
    o.rules = 0;
    for (py::handle r : rules) {
      if (!PyUnicode_Check(r.ptr())) throw py::type_error("puny.hunt: rule names must be str");
      const hunt::rule_info* info = hunt::find_rule(r.cast<std::string>());
      if (info == nullptr)
        throw py::value_error("puny.hunt: unknown rule '" + r.cast<std::string>() + "'");
      o.rules |= std::uint32_t{1} << static_cast<unsigned>(info->id);
    }
  }
  if (!min_lengths.is_none()) {
    if (!PyDict_Check(min_lengths.ptr()))
      throw py::type_error("puny.hunt: min_brand_length must be a dict of rule name to int");
    for (auto item : min_lengths.cast<py::dict>()) {
      if (!PyUnicode_Check(item.first.ptr()) || !PyLong_Check(item.second.ptr()) ||
          PyBool_Check(item.second.ptr()))
        throw py::type_error("puny.hunt: min_brand_length must be a dict of rule name to int");
      const hunt::rule_info* info = hunt::find_rule(item.first.cast<std::string>());
      if (info == nullptr)
        throw py::value_error("puny.hunt: unknown rule '" + item.first.cast<std::string>() + "'");
      const long long n = item.second.cast<long long>();
      if (n < 0 || n > 63) throw py::value_error("puny.hunt: min_brand_length must be 0..63");
      o.min_brand_length[static_cast<unsigned>(info->id)] = static_cast<std::size_t>(n);
    }
  }
  if (!PyLong_Check(min_score.ptr()) || PyBool_Check(min_score.ptr()))
    throw py::type_error("puny.hunt: min_score must be an int");
  const long long score = min_score.cast<long long>();
  if (score < 0 || score > 100) throw py::value_error("puny.hunt: min_score must be 0..100");
  o.min_score = static_cast<int>(score);
  if (!PyUnicode_Check(profile.ptr()))
    throw py::type_error("puny.hunt: profile must be a str such as 'chromium'");
  const std::string name = profile.cast<std::string>();
  const puny::display::profile_info* p = puny::display::find_profile_ignoring_case(name);
  if (p == nullptr) throw py::value_error("puny.hunt: unknown display profile '" + name + "'");
  o.profile = p->id;
  return o;
}

// A new reference to the record of `fields` (each stolen; all made before
// any is handed over, so that an exception while making one frees the
// others).
template <std::size_t n>
py::object record_of(PyObject* (*make)(PyObject* const (&)[n]), py::object (&fields)[n]) {
  PyObject* raw[n];
  for (std::size_t i = 0; i < n; ++i) raw[i] = fields[i].release().ptr();
  PyObject* r = make(raw);
  if (r == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(r);
}

// A rule's name and a (rule, via) pair's reason (hunt::reason) as str,
// made once each and shared by every match that has them: a reason is
// about a hundred characters, which a bulk call would otherwise copy into
// a new str per match.  Used under the GIL only; kept for the process.
PyObject* cached_str(std::vector<PyObject*>& cache, std::size_t slot, std::string_view text) {
  if (cache.size() <= slot) cache.resize(slot + 1, nullptr);
  if (cache[slot] == nullptr) cache[slot] = str_of(text).release().ptr();
  Py_INCREF(cache[slot]);
  return cache[slot];
}

py::object rule_str(hunt::rule r) {
  static std::vector<PyObject*> names;
  return py::reinterpret_steal<py::object>(
      cached_str(names, static_cast<std::size_t>(r), hunt::to_string(r)));
}

py::object reason_str(const hunt::match& m) {
  static std::vector<PyObject*> reasons;
  return py::reinterpret_steal<py::object>(cached_str(
      reasons, static_cast<std::size_t>(m.why) % 32 * 32 + static_cast<std::size_t>(m.via) % 32,
      hunt::reason(m)));
}

// One name's puny.hunt.Report (record_type.cpp): its matches a tuple of
// puny.hunt.Match (`()` when none, shared), each with str indices of
// `input` (`utf8`, its UTF-8), its via rule and the core's reason; the
// top score and the brands, the core's triage view (hunt::by_brand), whose
// BrandMatches hold the same Match objects.  Neither is a collectible
// object unless the verdict's error (an exception) is in it, so the cyclic
// collector, left on, neither counts nor walks a bulk call's reports: a
// tracked Report and matches list per name made matches_many take
// x2.4-3.15 the time for twice the names (issue 44).
py::object make_report(const hunt_index& h, const hunt::report& r, py::handle input,
                       std::string_view utf8) {
  index_cursor at(utf8);  // the matches follow the labels, mostly ascending
  py::tuple matches(r.matches.size());
  std::size_t k = 0;
  for (const hunt::match& m : r.matches) {
    const std::size_t start = at(m.offset);
    const std::size_t end = at(m.offset + m.length);
    py::object fields[7] = {str_of(h.index.brand(m.brand)),
                            rule_str(m.why),
                            py::int_(start),
                            py::int_(end - start),
                            py::int_(m.score),
                            m.via == hunt::rule{} ? py::none() : rule_str(m.via),
                            reason_str(m)};
    PyTuple_SET_ITEM(matches.ptr(), k++, record_of(make_hunt_match, fields).release().ptr());
  }
  thread_local hunt::triage triage;  // reused: no allocation per name once grown
  hunt::by_brand(r, triage);
  py::tuple brands(triage.count);
  for (std::size_t b = 0; b < triage.count; ++b) {
    const hunt::brand_matches& e = triage.entries[b];
    const auto match_at = [&](std::size_t i) {
      return py::reinterpret_borrow<py::object>(PyTuple_GET_ITEM(matches.ptr(), static_cast<Py_ssize_t>(i)));
    };
    py::tuple also(e.also.size());
    for (std::size_t a = 0; a < e.also.size(); ++a)
      PyTuple_SET_ITEM(also.ptr(), static_cast<Py_ssize_t>(a), match_at(e.also[a]).release().ptr());
    py::object best = match_at(e.best);
    py::object brand = py::reinterpret_borrow<py::object>(PyTuple_GET_ITEM(best.ptr(), 0));  // Match.brand
    py::object fields[3] = {std::move(brand), std::move(best), std::move(also)};
    PyTuple_SET_ITEM(brands.ptr(), b, record_of(make_hunt_brand, fields).release().ptr());
  }
  // The core decides the verdict only for a name that matches (puny/hunt.hpp):
  // no verdict, no display.
  py::object error = py::none(), display = py::none();
  if (r.matches.empty())
    ;
  else if (r.verdict_status.ok())
    display = str_of(r.display);
  else
    error = make_error(for_python(r.verdict_status, utf8), input, true);
  // The name as matched holds U+FFFD where the input's UTF-8 was ill-formed
  // (lone surrogates); decoded leniently so that it is data, never an error.
  PyObject* name = PyUnicode_DecodeUTF8(r.name.data(), static_cast<Py_ssize_t>(r.name.size()), "replace");
  if (name == nullptr) throw py::error_already_set();
  // The verdict's profile and the findings that keep labels in A-labels
  // (hunt::report::findings, label order), as puny.display() gives them:
  // puny.Finding, offsets str indices of the input.
  py::tuple findings(r.findings.size());
  index_cursor finding_at(utf8);
  for (std::size_t f = 0; f < r.findings.size(); ++f) {
    PyObject* finding = new_finding(r.findings[f], finding_at);
    if (finding == nullptr) throw py::error_already_set();
    PyTuple_SET_ITEM(findings.ptr(), static_cast<Py_ssize_t>(f), finding);
  }
  static std::vector<PyObject*> profiles;
  py::object profile = py::reinterpret_steal<py::object>(
      cached_str(profiles, static_cast<std::size_t>(h.options.profile), h.profile_name));
  py::object fields[10] = {py::reinterpret_borrow<py::object>(input),
                          py::reinterpret_steal<py::object>(name),
                          std::move(matches),
                          std::move(display),
                          py::bool_(r.all_shown),
                          std::move(error),
                          py::int_(triage.score),
                          std::move(brands),
                          std::move(profile),
                          std::move(findings)};
  return record_of(make_hunt_report, fields);
}

}  // namespace

void bind_hunt(py::module_& m) {
  // A brand, keyword or allowed name of BrandIndex(...) checked on its own,
  // so that a lone surrogate's index is into that str (puny/hunt.py).
  m.def("check_text", [](py::handle s) { (void)well_formed_utf8_of(s); },
        "check_text($module, s, /)\n--\n\nRaises InvalidCodePointError at a lone surrogate of s.");
  // The alert threshold, puny.hunt.ALERT_SCORE: min_score's default.
  m.attr("hunt_alert_score") = hunt::alert_score;
  m.def("hunt_rules", [] {
    py::list out;
    for (const hunt::rule_info& r : hunt::rules())
      out.append(py::make_tuple(std::string(r.name), std::string(r.description), r.min_brand_length,
                                r.score));
    return out;
  });
  py::class_<hunt_index, std::shared_ptr<hunt_index>>(m, "HuntIndex")
      .def(py::init([](py::handle text, py::handle path, py::handle source,
                       const puny::display::public_suffix_list* psl, py::handle rules,
                       py::handle min_lengths, py::handle min_score, py::handle profile) {
             auto h = std::make_shared<hunt_index>();
             h->options = make_options(rules, min_lengths, min_score, profile);
             for (const puny::display::profile_info& p : puny::display::profiles())
               if (p.id == h->options.profile) h->profile_name = p.name;
             puny::display::list_error e;
             if (!path.is_none()) {
               if (!PyUnicode_Check(path.ptr())) throw py::type_error("puny.hunt: path must be a str");
               const std::string file = path.cast<std::string>();
               // Read once by the core's reader of list files, parsed
               // from that text (a syntax error's offset indexes it).
               std::string text_of_file;
               if (!puny::display::read_list_file(file, text_of_file, e) ||
                   !hunt::brand_index::parse(text_of_file, file, h->index, e, psl))
                 raise_list_error_of(e, text_of_file);
             } else {
               if (!PyUnicode_Check(source.ptr())) throw py::type_error("puny.hunt: source must be a str");
               const std::string_view utf8 = well_formed_utf8_of(text);  // a lone surrogate: InvalidCodePointError
               if (!hunt::brand_index::parse(utf8, std::string(well_formed_utf8_of(source)), h->index, e, psl))
                 raise_list_error_of(e, utf8);
             }
             return h;
           }),
           py::arg("text"), py::arg("path"), py::arg("source"), py::arg("psl").none(true),
           py::arg("rules"), py::arg("min_brand_length"), py::arg("min_score"), py::arg("profile"))
      .def("__len__", [](const hunt_index& h) { return h.index.size(); })
      .def("brands",
           [](const hunt_index& h) {
             py::list out;
             for (std::size_t i = 0; i < h.index.size(); ++i) out.append(str_of(h.index.brand(i)));
             return out;
           })
      .def("keyword_count", [](const hunt_index& h) { return h.index.keyword_count(); })
      .def("memory_bytes", [](const hunt_index& h) { return h.index.memory_bytes(); })
      .def("find",
           [](const hunt_index& h, py::handle name) {
             py::object holder;
             const std::string_view utf8 = utf8_of(name, holder);  // TypeError for non-str
             hunt::report r;
             {
               py::gil_scoped_release unlocked;  // a name is at most linear work
               hunt::find(utf8, h.index, h.options, r);
             }
             return make_report(h, r, name, utf8);
           })
      // Every name's UTF-8 is copied under the GIL (the given list may
      // change while it is released), matched without it, and the reports
      // made into Python data under it again.  An item that is not a str
      // raises TypeError before anything is matched.
      .def("find_many", [](const hunt_index& h, py::handle names) {
        const py::object seq = py::reinterpret_steal<py::object>(
            PySequence_Fast(names.ptr(), "puny.hunt: expected an iterable of str"));
        if (!seq) throw py::error_already_set();
        const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
        std::vector<py::object> items(static_cast<std::size_t>(n));
        std::vector<std::pair<std::size_t, std::size_t>> spans(items.size());
        std::string inputs;
        for (Py_ssize_t i = 0; i < n; ++i) {
          if (i % 256 == 0) check_signals();  // Ctrl-C, at every stage of a long call
          py::object item = py::reinterpret_borrow<py::object>(PySequence_Fast_GET_ITEM(seq.ptr(), i));
          if (!PyUnicode_Check(item.ptr()))
            throw py::type_error("puny.hunt: expected str, not " +
                                 std::string(Py_TYPE(item.ptr())->tp_name) + " (item " +
                                 std::to_string(i) + ")");
          py::object holder;
          const std::string_view utf8 = utf8_of(item, holder);
          spans[static_cast<std::size_t>(i)] = {inputs.size(), inputs.size() + utf8.size()};
          inputs.append(utf8);
          items[static_cast<std::size_t>(i)] = std::move(item);
        }
        std::vector<hunt::report> reports(items.size());
        bool interrupted = false;
        {
          py::gil_scoped_release unlocked;
          signal_watch signalled;
          for (std::size_t i = 0; i < reports.size() && !interrupted; ++i) {
            hunt::find(std::string_view(inputs).substr(spans[i].first, spans[i].second - spans[i].first),
                       h.index, h.options, reports[i]);
            interrupted = !signalled();
          }
        }
        if (interrupted) throw py::error_already_set();  // set by the handler, under the GIL
        py::list out(n);
        for (std::size_t i = 0; i < reports.size(); ++i) {
          if (i % 256 == 0) check_signals();
          const std::string_view utf8 =
              std::string_view(inputs).substr(spans[i].first, spans[i].second - spans[i].first);
          out[i] = make_report(h, reports[i], items[i], utf8);
        }
        return out;
      });
}

}  // namespace puny_python
