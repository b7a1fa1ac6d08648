// The one place the Python extension turns a C++ exception into a Python
// error: every function written against the C API (METH_FASTCALL, no
// pybind11 dispatcher to do it) runs its body through call_guarded.
#pragma once

#include <pybind11/pybind11.h>

#include <exception>
#include <new>

namespace puny_python {

// Runs body() (which returns the new reference to hand back, or nullptr with
// a Python error set) and returns its result; an exception on the way
// becomes the matching Python error and nullptr.
template <class F>
PyObject* call_guarded(F&& body) noexcept {
  try {
    return body();
  } catch (pybind11::error_already_set& e) {
    e.restore();
  } catch (pybind11::builtin_exception& e) {
    e.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

}  // namespace puny_python
