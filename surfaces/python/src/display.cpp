// puny._puny: display safety (puny/display.hpp): the display decision and
// form of a name under a profile, the list classes (Public Suffix List,
// protected domains) and the UTS #39 skeleton.  Profile and reason names
// are the library's.
#include <algorithm>
#include <cstdint>
#include <string>

#include "binding.hpp"
#include "puny/display.hpp"
#include "puny/uts39.hpp"

namespace puny_python {
namespace {

[[noreturn]] void raise_list_error(puny::display::list_error e, std::string_view text);

// A list class (public_suffix_list, protected_domains) with its load(path)
// and parse(text, source) constructors, which raise ListError (a file
// that is not a regular file, empty or unreadable: FileUnreadableError,
// from the core's read_list_file).
template <class List>
py::class_<List> bind_list(py::module_& m, const char* name) {
  return py::class_<List>(m, name)
      .def_static("load",
                  [](const std::string& path) {
                    // Read once, by the core's one reader of list files
                    // (regular files only, never blocking on a FIFO), and
                    // parsed from that text: a syntax error's offset is
                    // turned into an index of the same bytes.
                    std::string text;
                    List l;
                    puny::display::list_error e;
                    if (!puny::display::read_list_file(path, text, e) || !List::parse(text, path, l, e))
                      raise_list_error(e, text);
                    return l;
                  },
                  py::arg("path"), "load($module, path)\n--\n\nReads a list file; raises ListError.")
      .def_static("parse",
                  [](py::handle text, py::handle source) {
                    if (!PyUnicode_Check(source.ptr())) throw py::type_error("puny: source must be a str");
                    const std::string_view utf8 = well_formed_utf8_of(text);
                    List l;
                    puny::display::list_error e;
                    if (!List::parse(utf8, std::string(well_formed_utf8_of(source)), l, e)) raise_list_error(e, utf8);
                    return l;
                  },
                  py::arg("text"), py::arg("source") = "<text>",
                  "parse($module, text, source='<text>')\n--\n\nA list from its text; raises ListError.");
}

// A list_error as the registered ListError subclass (code, offset of the
// line as an index into the list's text (`text`, its UTF-8 from the start
// to at least the offset), its number in `label`, the file:line message).
[[noreturn]] void raise_list_error(puny::display::list_error e, std::string_view text) {
  e.status.offset = index_cursor(text)(e.status.offset);
  const registry& r = types();
  const auto code = static_cast<std::size_t>(e.status.code);
  py::object cls = code < r.by_code.size() && r.by_code[code] ? r.by_code[code] : r.base;
  py::object error = cls(e.text, py::str(std::string(puny::to_string(e.status.code))), py::none(),
                         e.status.offset, py::int_(e.line), py::none(), py::str(e.source),
                         py::none());
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
  throw py::error_already_set();
}

py::object code_point_or_none(bool has, char32_t c) {
  return has ? py::object(py::int_(static_cast<std::uint32_t>(c))) : py::object(py::none());
}

// The decision as plain Python data; puny/__init__.py wraps it in named
// tuples.  Offsets are str indices, as in every puny error.
// The display form only (puny.to_display): no per-label dicts (issue 44).
// The options of a display call: the profile by name (ASCII case ignored,
// as in every surface) and the lists.
puny::display::options display_options(const std::string& profile,
                                       const puny::display::public_suffix_list* psl,
                                       const puny::display::protected_domains* top) {
  const puny::display::profile_info* p = puny::display::find_profile_ignoring_case(profile);
  if (p == nullptr) throw py::value_error("puny: unknown display profile '" + profile + "'");
  puny::display::options o;
  o.which = p->id;
  o.suffixes = psl;
  o.protected_list = top;
  return o;
}

py::str display_string(py::handle domain, const std::string& profile,
                       const puny::display::public_suffix_list* psl,
                       const puny::display::protected_domains* top) {
  const puny::display::options o = display_options(profile, psl, top);
  py::object holder;
  const std::string_view in = utf8_of(domain, holder);
  std::string out;
  const status st = puny::display::to_display(in, o, out);
  if (!st.ok()) {
    set_python_error({{}, make_error(for_python(st, in), domain, true)});
    throw py::error_already_set();
  }
  return str_of(out);
}

// Steals each of `fields` (all made before any is handed over, so that an
// exception while making one frees the others).
template <std::size_t n>
void release_into(py::object (&fields)[n], PyObject* (&out)[n]) {
  for (std::size_t i = 0; i < n; ++i) out[i] = fields[i].release().ptr();
}

}  // namespace

// A puny.Finding of `f` (its offset a str index by `at`): puny.display()'s
// and puny.hunt.Report.findings' one shape.
PyObject* new_finding(const puny::display::finding& f, index_cursor& at) {
  py::object fields[8] = {
      str_of(puny::display::to_string(f.why)),
      str_of(puny::display::message(f.why)),
      py::int_(at(f.offset)),
      py::int_(f.label),
      code_point_or_none(f.has_code_point, f.code_point),
      str_of(f.step),
      f.similar_to.empty() ? py::object(py::none()) : py::object(str_of(f.similar_to)),
      code_point_or_none(f.imitates != 0, f.imitates)};
  PyObject* raw[8];
  release_into(fields, raw);
  return make_finding(raw);
}

namespace {

// (display, registrable_domain, labels): each label a puny.LabelVerdict,
// its findings a tuple of puny.Finding (record_type.cpp); puny.display()
// makes the Decision.  Neither is a collectible object (their fields are
// strs, ints, bools, None and, for a label, a tuple of Findings: no label
// without findings allocates one, `()` is shared), so the cyclic collector,
// left on, neither counts nor walks them: one tracked LabelVerdict and
// findings list per label made its full passes, which come as the
// survivors grow, cost more than linear time (issue 44).
py::tuple display_decide(py::handle domain, const std::string& profile,
                         const puny::display::public_suffix_list* psl,
                         const puny::display::protected_domains* top) {
  const puny::display::options o = display_options(profile, psl, top);
  py::object holder;
  const std::string_view in = utf8_of(domain, holder);
  auto r = puny::display::decide(in, o);
  if (!r.ok()) {
    set_python_error({{}, make_error(for_python(r.status, in), domain, true)});
    throw py::error_already_set();
  }
  py::list labels(r.value.labels.size());
  index_cursor at(in);  // labels, and their findings, ascend
  std::size_t i = 0;
  for (const auto& l : r.value.labels) {
    const std::size_t label_offset = at(l.offset);
    py::tuple findings(l.findings.size());
    std::size_t k = 0;
    for (const auto& f : l.findings) {
      PyObject* finding = new_finding(f, at);
      if (finding == nullptr) throw py::error_already_set();
      PyTuple_SET_ITEM(findings.ptr(), k++, finding);
    }
    // An ASCII label's two forms are one str.
    py::str a_label = str_of(l.a_label);
    py::str u_label = l.u_label == l.a_label ? a_label : str_of(l.u_label);
    py::object fields[5] = {std::move(a_label), std::move(u_label), py::bool_(l.show_unicode),
                            py::int_(label_offset), std::move(findings)};
    PyObject* raw[5];
    release_into(fields, raw);
    PyObject* verdict = make_label_verdict(raw);
    if (verdict == nullptr) throw py::error_already_set();
    PyList_SET_ITEM(labels.ptr(), i++, verdict);
  }
  py::object registrable = r.value.registrable_domain.empty() ? py::object(py::none())
                                                              : py::object(str_of(r.value.registrable_domain));
  return py::make_tuple(str_of(r.value.display), std::move(registrable), std::move(labels));
}

}  // namespace

void raise_list_error_of(const puny::display::list_error& e, std::string_view text) { raise_list_error(e, text); }

void bind_display(py::module_& m) {
  m.def("display_profiles", [] {
    py::list out;
    for (const auto& p : puny::display::profiles())
      out.append(py::make_tuple(std::string(p.name), std::string(p.description), std::string(p.source)));
    return out;
  });
  m.def("display_reasons", [] {
    py::list out;
    for (int r = 1; r < 256; ++r) {
      const std::string_view name = puny::display::to_string(static_cast<puny::display::reason>(r));
      if (name.empty()) break;
      out.append(py::make_tuple(std::string(name),
                                std::string(puny::display::message(static_cast<puny::display::reason>(r)))));
    }
    return out;
  });
  m.attr("default_psl_path") = std::string(puny::display::public_suffix_list::default_path());
  bind_list<puny::display::public_suffix_list>(m, "PublicSuffixList")
      .def("registrable_domain",
           [](const puny::display::public_suffix_list& l, py::handle name) {
             return str_of(l.registrable_domain(well_formed_utf8_of(name)));
           },
           py::arg("name"), py::pos_only(),
           "registrable_domain(self, name, /)\n--\n\nThe public suffix and one label more "
           "(ASCII case ignored); '' for a public suffix.")
      .def("__len__", &puny::display::public_suffix_list::rule_count);
  bind_list<puny::display::protected_domains>(m, "ProtectedDomains")
      .def("lookalike_of",
           [](const puny::display::protected_domains& l, py::handle name) -> py::object {
             const std::string_view s = l.lookalike_of(well_formed_utf8_of(name));
             return s.empty() ? py::object(py::none()) : py::object(str_of(s));
           },
           py::arg("name"), py::pos_only(),
           "lookalike_of(self, name, /)\n--\n\nThe protected domain `name` imitates, or None.")
      .def("__len__", &puny::display::protected_domains::size);
  m.def(
      "display_decide",
      [](py::handle domain, py::handle profile,
         const puny::display::public_suffix_list* psl,
         const puny::display::protected_domains* top) {
        if (!PyUnicode_Check(profile.ptr()))
          throw py::type_error("puny: profile must be a str such as 'chromium'");
        return display_decide(domain, profile.cast<std::string>(), psl, top);
      },
      py::arg("domain"), py::arg("profile"), py::arg("psl").none(true), py::arg("top").none(true));
  m.def(
      "display_string",
      [](py::handle domain, py::handle profile,
         const puny::display::public_suffix_list* psl,
         const puny::display::protected_domains* top) {
        if (!PyUnicode_Check(profile.ptr()))
          throw py::type_error("puny: profile must be a str such as 'chromium'");
        return display_string(domain, profile.cast<std::string>(), psl, top);
      },
      py::arg("domain"), py::arg("profile"), py::arg("psl").none(true), py::arg("top").none(true));
  m.def(
      "skeleton",
      [](py::handle text) {
        py::object holder;
        const std::string_view in = utf8_of(text, holder);
        auto r = puny::uts39::skeleton(in);
        if (!r.ok()) {
          set_python_error({{}, make_error(for_python(r.status, in), text, false)});
          throw py::error_already_set();
        }
        return str_of(r.value);
      },
      py::arg("text"), py::pos_only(),
      "skeleton($module, text, /)\n--\n\nUTS #39 skeleton (section 4); raises puny.Error for lone surrogates.");
}

}  // namespace puny_python
