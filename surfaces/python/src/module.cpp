// puny._puny, the Python extension (pybind11) over the puny C++ library:
// the module.  It registers each part (binding.hpp lists the files and the
// conventions) and the core's registries: the presets and aliases
// (puny/presets.hpp) and the error names (puny/status.hpp) every surface
// uses, and the exception classes puny/__init__.py makes of them.
#include <string>

#include "binding.hpp"
#include "puny/unicode.hpp"

// puny.idna's engine: idna_api.cpp.
void bind_idna_api(py::module_& m);

namespace puny_python {

void bind_registries(py::module_& m) {
  m.def("_register",
        [](py::object base, py::dict by_name) {
          registry& r = types();
          r.base = std::move(base);
          r.by_code.assign(64, py::object());
          for (unsigned code = 0; code < 64; ++code) {
            const std::string name(puny::to_string(static_cast<errc>(code)));
            if (name != "unknown" && by_name.contains(name)) r.by_code[code] = by_name[name.c_str()];
          }
        });
  // The core's registry (puny/presets.hpp): the names every surface uses.
  m.def("presets", [] {
    py::list out;
    for (const puny::preset& p : puny::presets()) {
      py::dict d;
      d["name"] = std::string(p.name);
      d["description"] = std::string(p.description);
      d["family"] = p.family == puny::preset_family::idna2008 ? "idna2008" : "uts46";
      out.append(std::move(d));
    }
    return out;
  });
  m.def("preset_aliases", [] {
    py::dict out;
    for (const puny::preset_alias& a : puny::preset_aliases())
      out[py::str(std::string(a.alias))] = std::string(a.name);
    return out;
  });
  m.def("error_names", [] {
    py::list names;
    for (unsigned code = 1; code < 64; ++code) {
      const std::string_view name = puny::to_string(static_cast<errc>(code));
      if (name != "unknown") names.append(py::str(std::string(name)));
    }
    return names;
  });
  m.attr("unicode_version") = std::string(puny::unicode::unicode_version);
}

}  // namespace puny_python

PYBIND11_MODULE(_puny, m) {
  m.doc() = "puny C++ library bindings; use the puny package, not this module";
  puny_python::bind_email(m);  // before: its docstrings keep pybind11's signatures
  // Every docstring starts with its own text signature (options.cpp,
  // idna_docstring); pybind11's would hide it.
  py::options docs;
  docs.disable_function_signatures();
  puny_python::bind_registries(m);
  puny_python::bind_record_types(m);
  puny_python::bind_single(m);
  puny_python::bind_bulk(m);
  puny_python::bind_explain(m);
  puny_python::bind_display(m);
  puny_python::bind_hunt(m);
  bind_idna_api(m);
}
