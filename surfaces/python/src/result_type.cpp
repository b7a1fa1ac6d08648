// puny._puny: puny.Result, one item of a *_many call (input, output,
// error).  A tuple subclass with named fields, defined here in C; a bulk
// call makes and the caller later frees one per item, so its cost counts:
// a NamedTuple (a Python class) takes the generic subtype paths, and a
// struct sequence looks its field counts up in the type's dict on every
// allocation and deallocation (CPython 3.11 structseq.c).
#include <cstdint>

#include "binding.hpp"

namespace puny_python {
namespace {

PyObject* result_field(PyObject* self, void* index) {
  PyObject* v = PyTuple_GET_ITEM(self, reinterpret_cast<std::intptr_t>(index));
  Py_INCREF(v);
  return v;
}

PyGetSetDef result_fields[] = {
    {"input", result_field, nullptr, "the item as given", reinterpret_cast<void*>(0)},
    {"output", result_field, nullptr, "the conversion, or None when it failed", reinterpret_cast<void*>(1)},
    {"error", result_field, nullptr, "the puny.Error that the single call would raise, or None",
     reinterpret_cast<void*>(2)},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

PyTypeObject result_type = {PyVarObject_HEAD_INIT(nullptr, 0)};

// A Result of exact str and None (every successful item of a bulk call)
// can be part of no reference cycle, so it is allocated as a plain object,
// without the collector's header: making one then counts toward no
// collection.  As a collectible object it did (CPython counts every
// allocation of a collectible type, tracked or not): a young collection
// every 700 results and, for a list of 100,000, a full one, which cost a
// bulk call more than the Python loop it replaces (issue 37: about 200
// instructions a name on domains-mixed).  Any other Result (one holding an
// Error, which user code can put in a cycle, or made by the user from any
// objects) is collectible and tracked.  The type says per object which
// kind it is through tp_is_gc, the slot CPython provides for types with
// both kinds of instances; a Result never changes, so its content decides.
bool result_is_plain(PyObject* input, PyObject* output, PyObject* error) {
  return error == Py_None && PyUnicode_CheckExact(input) && (output == Py_None || PyUnicode_CheckExact(output));
}

int result_is_gc(PyObject* self) {
  PyObject* const* item = reinterpret_cast<PyTupleObject*>(self)->ob_item;
  return !result_is_plain(item[0], item[1], item[2]);
}

void result_dealloc(PyObject* self) {
  // A collectible one: tuple's own deallocator (untracks it, frees it
  // through tp_free, PyObject_GC_Del).
  if (result_is_gc(self)) return PyTuple_Type.tp_dealloc(self);
  PyObject** item = reinterpret_cast<PyTupleObject*>(self)->ob_item;
  Py_DECREF(item[0]);
  Py_DECREF(item[1]);
  Py_DECREF(item[2]);
  PyObject_Free(self);
}

}  // namespace

// A Result of the three objects (new references stolen).
PyObject* make_result(PyObject* input, PyObject* output, PyObject* error) {
  const bool plain = result_is_plain(input, output, error);
  PyTupleObject* r = nullptr;
  if (plain) {
    void* memory = PyObject_Malloc(static_cast<std::size_t>(result_type.tp_basicsize) + 3 * sizeof(PyObject*));
    if (memory == nullptr) PyErr_NoMemory();
    else r = reinterpret_cast<PyTupleObject*>(PyObject_InitVar(static_cast<PyVarObject*>(memory), &result_type, 3));
  } else {
    r = PyObject_GC_NewVar(PyTupleObject, &result_type, 3);
  }
  if (r == nullptr) {
    Py_DECREF(input);
    Py_DECREF(output);
    Py_DECREF(error);
    return nullptr;
  }
  r->ob_item[0] = input;
  r->ob_item[1] = output;
  r->ob_item[2] = error;
  if (!plain) PyObject_GC_Track(r);
  return reinterpret_cast<PyObject*>(r);
}

namespace {

// Result(iterable of three), as a struct sequence is made; also how pickle
// and copy rebuild one (result_reduce).
PyObject* result_new(PyTypeObject*, PyObject* args, PyObject* kwargs) {
  PyObject* items = nullptr;
  static const char* keywords[] = {"sequence", nullptr};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:Result", const_cast<char**>(keywords), &items))
    return nullptr;
  PyObject* t = PySequence_Tuple(items);
  if (t == nullptr) return nullptr;
  if (PyTuple_GET_SIZE(t) != 3) {
    PyErr_Format(PyExc_TypeError, "puny.Result() takes a 3-sequence (%zd-sequence given)", PyTuple_GET_SIZE(t));
    Py_DECREF(t);
    return nullptr;
  }
  PyObject* in = PyTuple_GET_ITEM(t, 0);
  PyObject* out = PyTuple_GET_ITEM(t, 1);
  PyObject* err = PyTuple_GET_ITEM(t, 2);
  Py_INCREF(in);
  Py_INCREF(out);
  Py_INCREF(err);
  Py_DECREF(t);
  return make_result(in, out, err);
}

PyObject* result_repr(PyObject* self) {
  return PyUnicode_FromFormat("puny.Result(input=%R, output=%R, error=%R)", PyTuple_GET_ITEM(self, 0),
                              PyTuple_GET_ITEM(self, 1), PyTuple_GET_ITEM(self, 2));
}

PyObject* result_reduce(PyObject* self, PyObject*) {
  PyObject* items = PyTuple_GetSlice(self, 0, 3);
  if (items == nullptr) return nullptr;
  return Py_BuildValue("(O(N))", reinterpret_cast<PyObject*>(Py_TYPE(self)), items);
}

PyMethodDef result_methods[] = {{"__reduce__", result_reduce, METH_NOARGS, nullptr},
                                {nullptr, nullptr, 0, nullptr}};

// Readies puny.Result (once per process: a static type).
PyObject* ready_result_type() {
  if (result_type.tp_name == nullptr) {
    result_type.tp_name = "puny.Result";
    result_type.tp_basicsize = sizeof(PyTupleObject) - sizeof(PyObject*);
    result_type.tp_itemsize = sizeof(PyObject*);
    result_type.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_TUPLE_SUBCLASS | Py_TPFLAGS_HAVE_GC;
    result_type.tp_doc = "One item of a *_many call: `output` on success, else `error`.";
    result_type.tp_base = &PyTuple_Type;
    result_type.tp_getset = result_fields;
    result_type.tp_methods = result_methods;
    result_type.tp_new = result_new;
    result_type.tp_repr = result_repr;
    result_type.tp_traverse = PyTuple_Type.tp_traverse;
    result_type.tp_dealloc = result_dealloc;
    result_type.tp_free = PyObject_GC_Del;  // collectible ones (tuple's deallocator calls it)
    result_type.tp_is_gc = result_is_gc;
    if (PyType_Ready(&result_type) < 0) return nullptr;
    PyObject* match_args = Py_BuildValue("(sss)", "input", "output", "error");
    if (match_args == nullptr || PyDict_SetItemString(result_type.tp_dict, "__match_args__", match_args) < 0) {
      Py_XDECREF(match_args);
      return nullptr;
    }
    Py_DECREF(match_args);
    PyType_Modified(&result_type);
  }
  Py_INCREF(&result_type);
  return reinterpret_cast<PyObject*>(&result_type);
}

}  // namespace

void bind_result_type(py::module_& m) {
  PyObject* result = ready_result_type();
  if (result == nullptr) throw py::error_already_set();
  types().result = py::reinterpret_steal<py::object>(result);
  m.attr("Result") = types().result;
}

}  // namespace puny_python
