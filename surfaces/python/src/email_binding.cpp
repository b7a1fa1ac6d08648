// puny._puny: e-mail addresses (puny/email.hpp) for puny.email.
//
// _email_validate(address, options...) returns (None, fields) on success
// and (error, None) on failure, where error is (code name, str offset,
// code point or None, label or None, UTS #46 code or None); puny/email.py
// raises the registered puny.Error subclass of that name.  Keeping the
// raising in Python keeps this file free of the other binding files' internals.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "puny/display.hpp"
#include "puny/email.hpp"
#include "puny/idna.hpp"
#include "puny/presets.hpp"

namespace py = pybind11;

namespace puny_python {
namespace {

// The str as UTF-8; lone surrogates are kept as their three bytes
// ("surrogatepass"), which the library reports as ill-formed at their offset.
std::string utf8_of(py::handle obj) {
  if (!PyUnicode_Check(obj.ptr())) throw py::type_error("puny.email: the address must be a str");
  Py_ssize_t size = 0;
  if (const char* p = PyUnicode_AsUTF8AndSize(obj.ptr(), &size)) return std::string(p, size);
  PyErr_Clear();
  py::object bytes = py::reinterpret_steal<py::object>(
      PyUnicode_AsEncodedString(obj.ptr(), "utf-8", "surrogatepass"));
  if (!bytes) throw py::error_already_set();
  return std::string(PyBytes_AS_STRING(bytes.ptr()), PyBytes_GET_SIZE(bytes.ptr()));
}

// Byte offset -> str index: the code points that start before it.
std::size_t str_index(std::string_view utf8, std::size_t offset) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < offset && i < utf8.size(); ++i)
    if ((static_cast<unsigned char>(utf8[i]) & 0xC0) != 0x80) ++n;
  return n;
}

py::object text(const std::string& s) {
  return py::reinterpret_steal<py::object>(
      PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "strict"));
}

py::tuple validate(py::handle address, bool allow_quoted, bool allow_literal, bool allow_empty,
                   bool allow_display_name, bool allow_smtputf8, bool global,
                   const std::string& preset, py::object display_profile, bool local_security,
                   const puny::display::public_suffix_list* psl) {
  const std::string in = utf8_of(address);
  puny::email::options opt;
  opt.allow_quoted_local_part = allow_quoted;
  opt.allow_address_literal = allow_literal;
  opt.allow_empty_local_part = allow_empty;
  opt.allow_display_name = allow_display_name;
  opt.allow_smtputf8 = allow_smtputf8;
  opt.require_global_domain = global;
  opt.check_local_part_security = local_security;
  // A preset and flags in one string, as SQL spells them ("uts46-strict",
  // "idna2008", "uts46, std3"): the core's parser and registry.
  // Empty: the library's default policy (email-validator's).
  const puny::preset_spec spec = puny::parse_preset_spec(preset);
  if (!preset.empty()) {
    if (spec.chosen == nullptr && !spec.contradicts.empty())
      throw py::value_error("puny.email: flag '" + std::string(spec.bad_word) + "' contradicts '" +
                            std::string(spec.contradicts) + "' before it");
    if (spec.chosen == nullptr)
      throw py::value_error("puny.email: '" + std::string(spec.bad_word) + "' is not " +
                            (spec.bad_is_preset ? "a preset" : "a flag"));
    opt.domain_preset = spec.chosen;
    opt.domain_options = &spec.options;
  }
  if (!display_profile.is_none()) {
    const std::string name = display_profile.cast<std::string>();
    const puny::display::profile_info* p = puny::display::find_profile_ignoring_case(name);
    if (p == nullptr) throw py::value_error("puny.email: unknown display profile '" + name + "'");
    opt.check_display = true;
    opt.display.which = p->id;
    opt.display.suffixes = psl;
  }
  puny::email::address a;
  puny::status s;
  {
    py::gil_scoped_release unlocked;
    s = puny::email::validate(in, opt, a);
  }
  if (!s.ok()) {
    // Only a lone surrogate makes a str's UTF-8 ill-formed.
    const bool surrogate = s.code == puny::errc::invalid_utf8;
    const std::string_view name =
        surrogate ? std::string_view("invalid_code_point") : puny::to_string(s.code);
    const std::string_view uts46 = puny::idna::uts46_code(s);
    py::object cp = s.has_code_point() ? py::object(py::int_(static_cast<std::uint32_t>(s.code_point)))
                                       : py::object(py::none());
    if (surrogate && s.offset + 2 < in.size()) {
      // The surrogate's value from its three bytes.
      const auto b = [&](std::size_t i) { return static_cast<std::uint32_t>(
                                              static_cast<unsigned char>(in[s.offset + i])); };
      cp = py::int_(((b(0) & 0x0F) << 12) | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F));
    }
    const bool domain_error = !uts46.empty() || s.code == puny::errc::forbidden_domain_code_point;
    py::tuple error = py::make_tuple(
        py::str(std::string(name)), str_index(in, s.offset), cp,
        domain_error ? py::object(py::int_(s.label)) : py::object(py::none()),
        uts46.empty() ? py::object(py::none()) : py::object(py::str(std::string(uts46))),
        py::str(std::string(puny::message(s.code))));
    return py::make_tuple(error, py::none());
  }
  py::dict f;
  f["display_name"] = text(a.display_name);
  f["local_part"] = text(a.local_part);
  f["domain"] = text(a.domain);
  f["ascii_domain"] = text(a.ascii_domain);
  f["normalized"] = text(a.normalized);
  f["ascii_email"] = a.ascii_email.empty() ? py::object(py::none()) : text(a.ascii_email);
  f["smtputf8"] = a.smtputf8;
  f["address_literal"] = a.address_literal;
  if (opt.check_display && a.display_checked) {
    f["display"] = text(a.display.display);
    f["display_all_shown"] = a.display.all_shown();
  } else {
    f["display"] = py::none();
    f["display_all_shown"] = py::none();
  }
  if (a.local_part_checked) {
    f["local_part_safe"] = a.local_part_safe;
    f["local_part_rule"] = a.local_part_safe ? py::object(py::none())
                                              : py::object(py::str(std::string(a.local_part_rule)));
  } else {
    f["local_part_safe"] = py::none();
    f["local_part_rule"] = py::none();
  }
  return py::make_tuple(py::none(), f);
}

}  // namespace

void bind_email(py::module_& m) {
  m.def("_email_validate", &validate, py::arg("address"), py::arg("allow_quoted"),
        py::arg("allow_literal"), py::arg("allow_empty"), py::arg("allow_display_name"),
        py::arg("allow_smtputf8"), py::arg("global_domain"), py::arg("preset"),
        py::arg("display_profile").none(true), py::arg("local_security"),
        py::arg("psl").none(true));
}

}  // namespace puny_python
