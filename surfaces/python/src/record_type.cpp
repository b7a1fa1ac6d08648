// puny._puny: the record types, tuples with named fields defined here in C:
// puny.Result (one item of a *_many call: input, output, error),
// puny.Finding and puny.LabelVerdict (puny.display's result per finding and
// per label), puny.hunt.Match, puny.hunt.BrandMatches and puny.hunt.Report
// (puny.hunt's result per match, per brand and per name).  A call makes one per item, per label or per finding, and the
// caller later frees them, so their cost counts: a NamedTuple (a Python
// class) takes the generic subtype paths and is always tracked by the
// cyclic collector, and a struct sequence looks its field counts up in the
// type's dict on every allocation and deallocation (CPython 3.11
// structseq.c).
#include <cstdint>
#include <vector>

#include "binding.hpp"

namespace puny_python {
namespace {

// One record type: its CPython type, its fields, and how it is made from
// Python (Result(sequence), as a struct sequence; the others as a
// NamedTuple: positional or keyword fields).
struct record_kind {
  PyTypeObject type = {PyVarObject_HEAD_INIT(nullptr, 0)};
  const char* name;
  const char* doc;
  std::vector<PyGetSetDef> fields;  // ends with a null entry
  bool from_sequence;
  PyObject* field_names = nullptr;  // _fields, a tuple of str
  // The values of the last fields when not given (set_defaults): the
  // fields added to a record after its first release, so that code that
  // makes one with the earlier fields still can.
  std::vector<PyObject*> defaults;
};

record_kind kinds[6];
record_kind& result_kind = kinds[0];
record_kind& finding_kind = kinds[1];
record_kind& verdict_kind = kinds[2];
record_kind& match_kind = kinds[3];
record_kind& report_kind = kinds[4];
record_kind& brand_kind = kinds[5];

const record_kind* kind_of(PyTypeObject* t) {
  for (const record_kind& k : kinds)
    if (&k.type == t) return &k;
  return nullptr;
}

Py_ssize_t field_count(const record_kind& k) { return static_cast<Py_ssize_t>(k.fields.size()) - 1; }

PyObject* record_field(PyObject* self, void* index) {
  PyObject* v = PyTuple_GET_ITEM(self, reinterpret_cast<std::intptr_t>(index));
  Py_INCREF(v);
  return v;
}

// Whether a record can be part of a reference cycle.  One that cannot (its
// fields are exact str, int, float, bool, None, records that cannot, or
// exact tuples of those) is allocated as a plain object, without the
// collector's header: making one counts toward no collection and no
// collection walks it.  As collectible objects they did (CPython counts
// every allocation of a collectible type, tracked or not): for the bulk
// forms a young collection every 700 results and, for a list of 100,000, a
// full one, which cost a bulk call more than the Python loop it replaces
// (issue 37: about 200 instructions a name on domains-mixed); for
// puny.display one tracked LabelVerdict and findings list per label, which
// the collector's full passes walked again and again, so a long name's
// decision took more than twice the time for twice the labels (issue 44);
// for puny.hunt's matches_many a tracked Report and matches list per name
// (x2.4-3.15 per doubling of the names, issue 44).
// Any other record (one holding an Error, which user code can put in a
// cycle, or made by the user from any objects) is collectible and tracked.
// The type says per object which kind it is through tp_is_gc, the slot
// CPython provides for types with both kinds of instances; a record never
// changes, so its content decides, every time alike.  `depth` bounds the
// walk (records nested by hand deeper than that are simply collectible);
// the deepest the extension makes is a Report's Match inside a
// BrandMatches' `also` tuple inside its `brands` tuple, at depth 5.
bool plain_value(PyObject* v, int depth);

bool plain_items(PyObject* const* items, Py_ssize_t n, int depth) {
  for (Py_ssize_t i = 0; i < n; ++i)
    if (!plain_value(items[i], depth)) return false;
  return true;
}

bool plain_value(PyObject* v, int depth) {
  if (v == Py_None || PyUnicode_CheckExact(v) || PyLong_CheckExact(v) || PyBool_Check(v) || PyFloat_CheckExact(v))
    return true;
  if (depth >= 6) return false;
  if (PyTuple_CheckExact(v) || kind_of(Py_TYPE(v)) != nullptr)
    return plain_items(reinterpret_cast<PyTupleObject*>(v)->ob_item, Py_SIZE(v), depth + 1);
  return false;
}

int record_is_gc(PyObject* self) {
  return !plain_items(reinterpret_cast<PyTupleObject*>(self)->ob_item, Py_SIZE(self), 1);
}

void record_dealloc(PyObject* self) {
  // A collectible one: tuple's own deallocator (untracks it, frees it
  // through tp_free, PyObject_GC_Del).
  if (record_is_gc(self)) return PyTuple_Type.tp_dealloc(self);
  PyObject** item = reinterpret_cast<PyTupleObject*>(self)->ob_item;
  for (Py_ssize_t i = Py_SIZE(self); i-- > 0;) Py_DECREF(item[i]);
  PyObject_Free(self);
}

// A record of kind `k` of its fields (new references, stolen).
PyObject* make_record(record_kind& k, PyObject* const* items) {
  const Py_ssize_t n = field_count(k);
  const bool plain = plain_items(items, n, 1);
  PyTupleObject* r = nullptr;
  if (plain) {
    void* memory = PyObject_Malloc(static_cast<std::size_t>(k.type.tp_basicsize) + n * sizeof(PyObject*));
    if (memory == nullptr) PyErr_NoMemory();
    else r = reinterpret_cast<PyTupleObject*>(PyObject_InitVar(static_cast<PyVarObject*>(memory), &k.type, n));
  } else {
    r = PyObject_GC_NewVar(PyTupleObject, &k.type, n);
  }
  if (r == nullptr) {
    for (Py_ssize_t i = 0; i < n; ++i) Py_DECREF(items[i]);
    return nullptr;
  }
  for (Py_ssize_t i = 0; i < n; ++i) r->ob_item[i] = items[i];
  if (!plain) PyObject_GC_Track(r);
  return reinterpret_cast<PyObject*>(r);
}

// A record of kind `k` of the items of `t` (a tuple; borrowed).
PyObject* record_of_tuple(record_kind& k, PyObject* t) {
  const Py_ssize_t n = field_count(k);
  if (PyTuple_GET_SIZE(t) != n) {
    PyErr_Format(PyExc_TypeError, "%s takes %zd fields (%zd given)", k.name, n, PyTuple_GET_SIZE(t));
    return nullptr;
  }
  std::vector<PyObject*> items(static_cast<std::size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    items[static_cast<std::size_t>(i)] = PyTuple_GET_ITEM(t, i);
    Py_INCREF(items[static_cast<std::size_t>(i)]);
  }
  return make_record(k, items.data());
}

PyObject* record_of_iterable(record_kind& k, PyObject* iterable) {
  PyObject* t = PySequence_Tuple(iterable);
  if (t == nullptr) return nullptr;
  PyObject* r = record_of_tuple(k, t);
  Py_DECREF(t);
  return r;
}

// Result(iterable of three), as a struct sequence is made; Finding(...) and
// LabelVerdict(...) as a NamedTuple is: each field by position or keyword.
PyObject* record_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  record_kind& k = *const_cast<record_kind*>(kind_of(type));
  if (k.from_sequence) {
    PyObject* items = nullptr;
    static const char* keywords[] = {"sequence", nullptr};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O", const_cast<char**>(keywords), &items)) return nullptr;
    return record_of_iterable(k, items);
  }
  const Py_ssize_t n = field_count(k);
  const Py_ssize_t given = PyTuple_GET_SIZE(args);
  if (given > n) {
    PyErr_Format(PyExc_TypeError, "%s takes %zd fields (%zd given)", k.name, n, given);
    return nullptr;
  }
  PyObject* items = PyTuple_New(n);  // holds the fields until the record does
  if (items == nullptr) return nullptr;
  for (Py_ssize_t i = 0; i < given; ++i) {
    Py_INCREF(PyTuple_GET_ITEM(args, i));
    PyTuple_SET_ITEM(items, i, PyTuple_GET_ITEM(args, i));
  }
  PyObject *key = nullptr, *value = nullptr;
  Py_ssize_t pos = 0;
  while (kwargs != nullptr && PyDict_Next(kwargs, &pos, &key, &value)) {
    Py_ssize_t i = 0;
    while (i < n && PyUnicode_Compare(key, PyTuple_GET_ITEM(k.field_names, i)) != 0) ++i;
    if (i == n || PyTuple_GET_ITEM(items, i) != nullptr) {
      PyErr_Format(PyExc_TypeError, i == n ? "%s got an unexpected keyword argument %R"
                                           : "%s got multiple values for argument %R", k.name, key);
      Py_DECREF(items);
      return nullptr;
    }
    Py_INCREF(value);
    PyTuple_SET_ITEM(items, i, value);
  }
  const Py_ssize_t first_default = n - static_cast<Py_ssize_t>(k.defaults.size());
  for (Py_ssize_t i = first_default; i < n; ++i)
    if (PyTuple_GET_ITEM(items, i) == nullptr) {
      PyObject* d = k.defaults[static_cast<std::size_t>(i - first_default)];
      Py_INCREF(d);
      PyTuple_SET_ITEM(items, i, d);
    }
  for (Py_ssize_t i = 0; i < n; ++i)
    if (PyTuple_GET_ITEM(items, i) == nullptr) {
      PyErr_Format(PyExc_TypeError, "%s missing required argument %R", k.name, PyTuple_GET_ITEM(k.field_names, i));
      Py_DECREF(items);
      return nullptr;
    }
  PyObject* r = record_of_tuple(k, items);
  Py_DECREF(items);
  return r;
}

// puny.Result(input='a', output='a', error=None)
PyObject* record_repr(PyObject* self) {
  const record_kind& k = *kind_of(Py_TYPE(self));
  if (Py_ReprEnter(self) != 0) return PyUnicode_FromFormat("%s(...)", k.name);
  PyObject* parts = PyList_New(0);
  PyObject* out = nullptr;
  for (Py_ssize_t i = 0; parts != nullptr && i < Py_SIZE(self); ++i) {
    PyObject* part = PyUnicode_FromFormat("%U=%R", PyTuple_GET_ITEM(k.field_names, i), PyTuple_GET_ITEM(self, i));
    if (part == nullptr || PyList_Append(parts, part) < 0) Py_CLEAR(parts);
    Py_XDECREF(part);
  }
  if (parts != nullptr) {
    PyObject* comma = PyUnicode_FromString(", ");
    PyObject* joined = comma == nullptr ? nullptr : PyUnicode_Join(comma, parts);
    if (joined != nullptr) out = PyUnicode_FromFormat("%s(%U)", k.name, joined);
    Py_XDECREF(joined);
    Py_XDECREF(comma);
    Py_DECREF(parts);
  }
  Py_ReprLeave(self);
  return out;
}

// How pickle and copy rebuild one: the constructor of its kind.
PyObject* record_reduce(PyObject* self, PyObject*) {
  PyObject* items = PyTuple_GetSlice(self, 0, Py_SIZE(self));
  if (items == nullptr) return nullptr;
  if (kind_of(Py_TYPE(self))->from_sequence)
    return Py_BuildValue("(O(N))", reinterpret_cast<PyObject*>(Py_TYPE(self)), items);
  return Py_BuildValue("(ON)", reinterpret_cast<PyObject*>(Py_TYPE(self)), items);
}

// The NamedTuple methods: _asdict(), _replace(**fields), _make(iterable).
PyObject* record_asdict(PyObject* self, PyObject*) {
  const record_kind& k = *kind_of(Py_TYPE(self));
  PyObject* d = PyDict_New();
  for (Py_ssize_t i = 0; d != nullptr && i < Py_SIZE(self); ++i)
    if (PyDict_SetItem(d, PyTuple_GET_ITEM(k.field_names, i), PyTuple_GET_ITEM(self, i)) < 0) Py_CLEAR(d);
  return d;
}

PyObject* record_replace(PyObject* self, PyObject* args, PyObject* kwargs) {
  record_kind& k = *const_cast<record_kind*>(kind_of(Py_TYPE(self)));
  if (PyTuple_GET_SIZE(args) != 0) {
    PyErr_Format(PyExc_TypeError, "%s._replace takes keyword arguments only", k.name);
    return nullptr;
  }
  PyObject* items = PyTuple_GetSlice(self, 0, Py_SIZE(self));
  if (items == nullptr) return nullptr;
  PyObject *key = nullptr, *value = nullptr;
  Py_ssize_t pos = 0;
  while (kwargs != nullptr && PyDict_Next(kwargs, &pos, &key, &value)) {
    Py_ssize_t i = 0;
    while (i < Py_SIZE(self) && PyUnicode_Compare(key, PyTuple_GET_ITEM(k.field_names, i)) != 0) ++i;
    if (i == Py_SIZE(self)) {
      PyErr_Format(PyExc_ValueError, "%s has no field %R", k.name, key);
      Py_DECREF(items);
      return nullptr;
    }
    Py_INCREF(value);
    Py_SETREF(reinterpret_cast<PyTupleObject*>(items)->ob_item[i], value);
  }
  PyObject* r = record_of_tuple(k, items);
  Py_DECREF(items);
  return r;
}

PyObject* record_make(PyObject* cls, PyObject* iterable) {
  return record_of_iterable(*const_cast<record_kind*>(kind_of(reinterpret_cast<PyTypeObject*>(cls))), iterable);
}

PyMethodDef record_methods[] = {
    {"__reduce__", record_reduce, METH_NOARGS, nullptr},
    {"_asdict", record_asdict, METH_NOARGS, "A dict of the fields, in their order."},
    {"_replace", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(record_replace)),
     METH_VARARGS | METH_KEYWORDS, "A copy with the fields given by keyword replaced."},
    {"_make", record_make, METH_O | METH_CLASS, "A record of an iterable of its fields."},
    {nullptr, nullptr, 0, nullptr}};

// Readies one record type (once per process: static types).
bool ready(record_kind& k, const char* name, const char* doc, bool from_sequence,
           std::initializer_list<std::pair<const char*, const char*>> fields) {
  if (k.type.tp_name != nullptr) return true;
  k.name = name;
  k.doc = doc;
  k.from_sequence = from_sequence;
  std::intptr_t index = 0;
  for (const auto& [field, field_doc] : fields)
    k.fields.push_back({field, record_field, nullptr, field_doc, reinterpret_cast<void*>(index++)});
  k.fields.push_back({nullptr, nullptr, nullptr, nullptr, nullptr});
  PyTypeObject& t = k.type;
  t.tp_name = name;
  t.tp_basicsize = sizeof(PyTupleObject) - sizeof(PyObject*);
  t.tp_itemsize = sizeof(PyObject*);
  t.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_TUPLE_SUBCLASS | Py_TPFLAGS_HAVE_GC;
  t.tp_doc = doc;
  t.tp_base = &PyTuple_Type;
  t.tp_getset = k.fields.data();
  t.tp_methods = record_methods;
  t.tp_new = record_new;
  t.tp_repr = record_repr;
  t.tp_traverse = PyTuple_Type.tp_traverse;
  t.tp_dealloc = record_dealloc;
  t.tp_free = PyObject_GC_Del;  // collectible ones (tuple's deallocator calls it)
  t.tp_is_gc = record_is_gc;
  if (PyType_Ready(&t) < 0) return false;
  k.field_names = PyTuple_New(index);
  if (k.field_names == nullptr) return false;
  for (Py_ssize_t i = 0; i < index; ++i) {
    PyObject* s = PyUnicode_InternFromString(k.fields[static_cast<std::size_t>(i)].name);
    if (s == nullptr) return false;
    PyTuple_SET_ITEM(k.field_names, i, s);
  }
  if (PyDict_SetItemString(t.tp_dict, "_fields", k.field_names) < 0 ||
      PyDict_SetItemString(t.tp_dict, "__match_args__", k.field_names) < 0)
    return false;
  PyType_Modified(&t);
  return true;
}

// The defaults of the last fields (new references, stolen), also as the
// type's _field_defaults, as a NamedTuple has them.
bool set_defaults(record_kind& k, std::initializer_list<PyObject*> values) {
  if (!k.defaults.empty()) return true;  // once per process, as ready()
  for (PyObject* v : values)
    if (v == nullptr) return false;
  PyObject* d = PyDict_New();
  if (d == nullptr) return false;
  const Py_ssize_t first = field_count(k) - static_cast<Py_ssize_t>(values.size());
  Py_ssize_t i = first;
  for (PyObject* v : values) {
    k.defaults.push_back(v);
    if (PyDict_SetItem(d, PyTuple_GET_ITEM(k.field_names, i++), v) < 0) {
      Py_DECREF(d);
      return false;
    }
  }
  const bool ok = PyDict_SetItemString(k.type.tp_dict, "_field_defaults", d) == 0;
  Py_DECREF(d);
  PyType_Modified(&k.type);
  return ok;
}

void add(py::module_& m, const char* attr, record_kind& k) {
  Py_INCREF(&k.type);
  m.attr(attr) = py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(&k.type));
}

}  // namespace

PyObject* make_result(PyObject* input, PyObject* output, PyObject* error) {
  PyObject* const items[] = {input, output, error};
  return make_record(result_kind, items);
}

PyObject* make_finding(PyObject* const (&fields)[8]) { return make_record(finding_kind, fields); }

PyObject* make_label_verdict(PyObject* const (&fields)[5]) { return make_record(verdict_kind, fields); }

PyObject* make_hunt_match(PyObject* const (&fields)[7]) { return make_record(match_kind, fields); }

PyObject* make_hunt_brand(PyObject* const (&fields)[3]) { return make_record(brand_kind, fields); }

PyObject* make_hunt_report(PyObject* const (&fields)[10]) { return make_record(report_kind, fields); }

void bind_record_types(py::module_& m) {
  if (!ready(result_kind, "puny.Result", "One item of a *_many call: `output` on success, else `error`.", true,
             {{"input", "the item as given"},
              {"output", "the conversion, or None when it failed"},
              {"error", "the puny.Error that the single call would raise, or None"}}) ||
      !ready(finding_kind, "puny.Finding",
             "Finding(reason, message, offset, label, code_point, step, similar_to, imitates)\n--\n\n"
             "One rule a label breaks under a display profile.", false,
             {{"reason", "the reason's name, e.g. 'whole_script_confusable' (display_reasons())"},
              {"message", "the reason in words"},
              {"offset", "index in the input str"},
              {"label", "the label's number, from 0"},
              {"code_point", "the code point at fault, or None (U+0000 is 0, not None)"},
              {"step", "the profile's step, e.g. 'chromium/5-whole-script-confusable'"},
              {"similar_to", "the protected domain imitated, or None"},
              {"imitates", "the character the code point imitates, or None"}}) ||
      !ready(verdict_kind, "puny.LabelVerdict",
             "LabelVerdict(a_label, u_label, show_unicode, offset, findings)\n--\n\n"
             "One label's display decision under a profile.", false,
             {{"a_label", "the label's ASCII form"},
              {"u_label", "the label's Unicode form"},
              {"show_unicode", "whether the profile shows the U-label"},
              {"offset", "index of the label in the input str"},
              {"findings", "a tuple of the Findings that keep the label in ASCII"}}) ||
      // The names puny.hunt gives them (puny/hunt.py), which pickle finds
      // them by.
      !ready(match_kind, "puny.hunt.Match",
             "Match(brand, rule, offset, length, score, via=None, reason='')\n--\n\n"
             "One match of a name: input[offset:offset + length] imitates the brand.", false,
             {{"brand", "the brand's registrable name"},
              {"rule", "the rule's name, e.g. 'homoglyph' (puny.hunt.RULES)"},
              {"offset", "str index in the Report's input"},
              {"length", "in code points"},
              {"score", "0..100"},
              {"via", "a combined match's second rule (the brand's label in it), e.g. 'homoglyph'; "
                      "None for a plain match"},
              {"reason", "the library's short English reason (the rule's and the via rule's)"}}) ||
      !ready(brand_kind, "puny.hunt.BrandMatches",
             "BrandMatches(brand, best, also)\n--\n\n"
             "One brand's matches in a Report: the best and the others, highest score first.", false,
             {{"brand", "the brand's registrable name"},
              {"best", "the brand's best Match"},
              {"also", "a tuple of its other Matches, highest score first (() when none)"}}) ||
      !ready(report_kind, "puny.hunt.Report",
             "Report(input, name, matches, display, all_shown, error, score=0, brands=(), "
             "profile='chromium', findings=())\n--\n\n"
             "What one name gave: its matches and, when it has any, the display verdict.", false,
             {{"input", "the name as given"},
              {"name", "the name as matched (Unicode labels, lowercase)"},
              {"matches", "a tuple of its Matches (() when none)"},
              {"display", "the form the profile shows, or None (no matches, or error)"},
              {"all_shown", "whether every label is shown in Unicode"},
              {"error", "the puny.Error display rejects the name with, or None"},
              {"score", "the best match's score, 0 when none"},
              {"brands", "a tuple of BrandMatches, one per brand, highest best score first"},
              {"profile", "the display profile of the verdict, e.g. 'chromium'"},
              {"findings", "a tuple of the puny.Findings that keep labels in A-labels (() when none)"}}) ||
      // The fields added by issue 53's triage view: Match(...) and
      // Report(...) of the first fields still make one.
      !set_defaults(match_kind, {(Py_INCREF(Py_None), Py_None), PyUnicode_FromString("")}) ||
      !set_defaults(report_kind, {PyLong_FromLong(0), PyTuple_New(0), PyUnicode_FromString("chromium"),
                                  PyTuple_New(0)}))
    throw py::error_already_set();
  add(m, "Result", result_kind);
  add(m, "Finding", finding_kind);
  add(m, "LabelVerdict", verdict_kind);
  add(m, "HuntMatch", match_kind);
  add(m, "HuntReport", report_kind);
  add(m, "HuntBrandMatches", brand_kind);
  types().result = m.attr("Result");
}

}  // namespace puny_python
