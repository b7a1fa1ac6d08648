// puny._puny: the bulk conversions (*_many), one Result(input, output,
// error) per item.  Nothing is raised for a bad name (TypeError for an
// item that is not a str).  The whole point of a bulk call is to cost
// less than a loop of single calls (issue 37; bench/README.md measures
// both), so per item it does only what the conversion needs: an ASCII
// str's bytes are read in place and any other str's UTF-8 is encoded into
// a reused buffer (append_utf8), the conversion writes into a buffer reused
// from item to item (a native conversion, below), an unchanged name is
// returned as the same str, an output str is made from ASCII by a copy
// (new_str), and the Result is a plain object (record_type.cpp).  Every
// item the native conversion does not vouch for (an error, lone
// surrogates, not a str) is converted again by the single call (`one`),
// which builds exactly the error the user would see.  The cyclic
// collector is left alone: it is process-wide state, and switching it off
// for the call would switch it off for every other thread too.  Signal
// handlers run between chunks of items (check_signals, signal_watch), so
// Ctrl-C stops a call of a million names at once, threads or not.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "binding.hpp"
#include "puny/idna2008.hpp"
#include "puny/punycode.hpp"

namespace puny_python {
namespace {

// A conversion's output, reused across items: a buffer that grows to the
// longest output (the caller-buffer forms of the core), or the text of an
// allocating form.
class scratch {
 public:
  // write(out, capacity, written) -> status; again with the size needed
  // when the buffer was too small.
  template <class Write>
  bool run(Write&& write, std::string_view& output) {
    std::size_t written = 0;
    status s = write(buffer_.data(), buffer_.size(), written);
    if (s.code == errc::buffer_too_small) {
      buffer_.resize(std::max(s.needed, 2 * buffer_.size()));
      s = write(buffer_.data(), buffer_.size(), written);
    }
    if (!s.ok()) return false;
    output = std::string_view(buffer_.data(), written);
    return true;
  }
  bool keep(puny::result<std::string>&& r, std::string_view& output) {
    if (!r.ok()) return false;
    text_ = std::move(r.value);
    output = text_;
    return true;
  }

 private:
  std::vector<char> buffer_ = std::vector<char>(512);
  std::string text_;
};

// The native halves: (UTF-8 in, scratch, output) -> whether `output` is
// the conversion.  No Python object is touched (they run without the GIL).
bool to_ascii_native(std::string_view in, const idna_choice& c, scratch& s, std::string_view& output) {
  if (c.idna2008()) return s.keep(puny::to_ascii(in, *c.preset, c.options), output);
  return s.run([&](char* out, std::size_t cap, std::size_t& w) { return puny::idna::to_ascii(in, out, cap, w, c.options); },
               output);
}

bool to_unicode_native(std::string_view in, const idna_choice& c, scratch& s, std::string_view& output) {
  if (c.idna2008()) return s.keep(puny::to_unicode(in, *c.preset, c.options), output);
  return s.run([&](char* out, std::size_t cap, std::size_t& w) { return puny::idna::to_unicode(in, out, cap, w, c.options); },
               output);
}

bool encode_native(std::string_view in, scratch& s, std::string_view& output) {
  return s.run(
      [&](char* out, std::size_t cap, std::size_t& w) {
        const auto r = puny::punycode::encode_utf8(in, out, cap);
        w = r.size;
        return r.status;
      },
      output);
}

bool decode_native(std::string_view in, scratch& s, std::string_view& output) {
  return s.run(
      [&](char* out, std::size_t cap, std::size_t& w) {
        const auto r = puny::punycode::decode_to_utf8(in, out, cap);
        w = r.size;
        return r.status;
      },
      output);
}

// The UTF-8 CPython keeps in a non-ASCII str once something asked for it
// (PyUnicode_AsUTF8AndSize: the single calls do), or a null view.
std::string_view cached_utf8(PyObject* item) {
  if (!PyUnicode_IS_COMPACT(item) || PyUnicode_IS_ASCII(item)) return {};
  const auto* compact = reinterpret_cast<const PyCompactUnicodeObject*>(item);
  if (compact->utf8 == nullptr) return {};
  return std::string_view(compact->utf8, static_cast<std::size_t>(compact->utf8_length));
}

// A str's UTF-8 appended to `out`, encoded here (unless cached_utf8 has it): PyUnicode_AsUTF8AndSize
// would run CPython's encoder and keep a copy of the bytes in the str for
// as long as it lives (for a non-ASCII name, more than converting it
// costs).  False for anything but a str and for a str with lone
// surrogates, which UTF-8 cannot hold (the single call reports those).
bool append_utf8(PyObject* item, std::string& out) {
  if (!PyUnicode_Check(item)) return false;
#if PY_VERSION_HEX < 0x030C0000
  if (PyUnicode_READY(item) < 0) {
    PyErr_Clear();
    return false;
  }
#endif
  const int kind = PyUnicode_KIND(item);
  const void* data = PyUnicode_DATA(item);
  const auto n = static_cast<std::size_t>(PyUnicode_GET_LENGTH(item));
  if (PyUnicode_IS_ASCII(item)) {
    out.append(static_cast<const char*>(data), n);
    return true;
  }
  if (const std::string_view cached = cached_utf8(item); cached.data() != nullptr) {
    out.append(cached);
    return true;
  }
  const std::size_t start = out.size();
  out.resize(start + 4 * n);
  char* p = &out[start];
  for (std::size_t i = 0; i < n; ++i) {
    const Py_UCS4 c = PyUnicode_READ(kind, data, static_cast<Py_ssize_t>(i));
    if (c < 0x80) {
      *p++ = static_cast<char>(c);
    } else if (c < 0x800) {
      *p++ = static_cast<char>(0xC0 | (c >> 6));
      *p++ = static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      if (c >= 0xD800 && c <= 0xDFFF) {
        out.resize(start);
        return false;
      }
      *p++ = static_cast<char>(0xE0 | (c >> 12));
      *p++ = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      *p++ = static_cast<char>(0x80 | (c & 0x3F));
    } else {
      *p++ = static_cast<char>(0xF0 | (c >> 18));
      *p++ = static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      *p++ = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      *p++ = static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  out.resize(static_cast<std::size_t>(p - out.data()));
  return true;
}

// A str's UTF-8: an ASCII str's own bytes, read in place, else encoded
// into `buffer` (append_utf8).
bool utf8_of_item(PyObject* item, std::string& buffer, std::string_view& utf8) {
  if (PyUnicode_Check(item) && PyUnicode_IS_COMPACT_ASCII(item)) {
    utf8 = std::string_view(static_cast<const char*>(PyUnicode_DATA(item)),
                            static_cast<std::size_t>(PyUnicode_GET_LENGTH(item)));
    return true;
  }
  if (PyUnicode_Check(item)) {
    utf8 = cached_utf8(item);
    if (utf8.data() != nullptr) return true;
  }
  buffer.clear();
  if (!append_utf8(item, buffer)) return false;
  utf8 = buffer;
  return true;
}

// The items of a bulk call and their Results: the result list, each slot
// holding its item (a new reference) until the item's Result replaces it.
// The items are taken once, before anything is converted: another thread
// changing the given list while the GIL is released (bulk_parallel), or
// code run while an error object is made, cannot pull an item away.
class bulk_results {
 public:
  explicit bulk_results(py::handle items) {
    // A str is an iterable of its characters: to_ascii_many("abc") would
    // convert "a", "b", "c".  Refused, as BrandIndex.matches_many does.
    if (PyUnicode_Check(items.ptr()))
      throw py::type_error("puny: the *_many functions take an iterable of str, not a str (wrap one name in a list)");
    const py::object seq = py::reinterpret_steal<py::object>(
        PySequence_Fast(items.ptr(), "puny: expected an iterable of str"));
    if (!seq) throw py::error_already_set();
    size_ = PySequence_Fast_GET_SIZE(seq.ptr());
    list_ = py::reinterpret_steal<py::list>(PyList_New(size_));
    if (!list_) throw py::error_already_set();
    PyObject** from = PySequence_Fast_ITEMS(seq.ptr());
    for (Py_ssize_t i = 0; i < size_; ++i) {
      Py_INCREF(from[i]);
      PyList_SET_ITEM(list_.ptr(), i, from[i]);
    }
  }
  Py_ssize_t size() const { return size_; }
  PyObject* item(Py_ssize_t i) const { return PyList_GET_ITEM(list_.ptr(), i); }

  // Result i of a new reference to its output and error (Py_None for none).
  void set(Py_ssize_t i, PyObject* output, PyObject* error) {
    PyObject* input = item(i);
    Py_INCREF(input);
    PyObject* r = make_result(input, output, error);
    if (r == nullptr) throw py::error_already_set();
    PyList_SET_ITEM(list_.ptr(), i, r);
    Py_DECREF(input);  // the slot's reference; the Result holds its own
  }
  void set(Py_ssize_t i, outcome o) {
    PyObject* output = o.error ? py::none().release().ptr() : o.value.release().ptr();
    PyObject* error = o.error ? o.error.release().ptr() : py::none().release().ptr();
    set(i, output, error);
  }
  // Result i of a successful conversion: `text` (a new reference) or,
  // when the output is the item's own UTF-8, the item itself (a str is
  // immutable; a str subclass is converted to a str, as the single call does).
  void set_output(Py_ssize_t i, PyObject* text) {
    Py_INCREF(Py_None);
    set(i, text, Py_None);
  }
  void set_unchanged(Py_ssize_t i) {
    PyObject* item = this->item(i);
    if (PyUnicode_CheckExact(item)) {
      Py_INCREF(item);
      return set_output(i, item);
    }
    Py_ssize_t size = 0;
    const char* utf8 = PyUnicode_AsUTF8AndSize(item, &size);
    if (utf8 == nullptr) throw py::error_already_set();
    set_output(i, new_str(std::string_view(utf8, static_cast<std::size_t>(size))));
  }
  py::list take() { return std::move(list_); }

 private:
  Py_ssize_t size_ = 0;
  py::list list_;
};

// Every item under the GIL, one after the other.
// Items between two looks at the signal handlers under the GIL.
constexpr Py_ssize_t signal_stride = 256;

template <class One>
py::list bulk(py::handle items, One&& one) {
  bulk_results results(items);
  for (Py_ssize_t i = 0; i < results.size(); ++i) {
    if (i % signal_stride == 0) check_signals();
    results.set(i, one(results.item(i)));
  }
  return results.take();
}

template <class Native, class One>
py::list bulk_serial(bulk_results& results, Native&& native, One&& one) {
  scratch s;
  std::string encoded;
  for (Py_ssize_t i = 0; i < results.size(); ++i) {
    if (i % signal_stride == 0) check_signals();
    PyObject* item = results.item(i);
    std::string_view in, output;
    bool ok = false;
    if (utf8_of_item(item, encoded, in)) {
      try {
        ok = native(in, s, output);
      } catch (const std::bad_alloc&) {  // the single call reports it
      }
    }
    if (!ok) results.set(i, one(item));
    else if (output == in) results.set_unchanged(i);
    else results.set_output(i, new_str(output));
  }
  return results.take();
}

// Bulk on every core.  A list long enough to pay for threads (32,768 items
// a thread) is converted in three passes: under the GIL, every str's UTF-8
// is copied into one text of the call's own; without it, the conversions,
// by up to std::thread::hardware_concurrency() threads that take chunks of
// 256 items as they go, each chunk's outputs published whole; under the
// GIL again, one Result per item.  The calling thread never waits for
// another: when no chunk is left to take it converts any chunk another
// thread took but has not published (that thread's copy is then dropped),
// and returns.  So on a busy machine, where the system may not run a
// helper thread for milliseconds, the call costs about what the serial one
// does; the helper touches nothing of Python's (hence the copy), and the
// state it shares with the call lives until both are done with it.
// Below 32,768 items a thread the work is tens of milliseconds at most,
// where on a shared machine the helper's start, the memory it writes and
// the chunk it may leave to redo cost more than it gains: issue 37
// measured the bench's 10,024 labels and 20,000 IDN names slower threaded
// than in the serial pass under load, although faster on an idle machine.
// The library is thread-safe (tests/threads run it under ThreadSanitizer).
constexpr Py_ssize_t items_per_thread = 32768;
constexpr std::size_t chunk_items = 256;
constexpr std::size_t failed = static_cast<std::size_t>(-1);
constexpr std::size_t unchanged = static_cast<std::size_t>(-2);  // output == input

struct chunk_result {
  std::string text;                 // the outputs, back to back
  std::size_t ends[chunk_items]{};  // each output's end in text, `failed` or `unchanged`
};

template <class Native>
struct parallel_work {
  parallel_work(Native n, std::size_t items) : native(std::move(n)), spans(items), done((items + chunk_items - 1) / chunk_items) {}
  ~parallel_work() {
    for (auto& d : done) delete d.load();
  }
  Native native;
  std::string inputs;  // every readable item's UTF-8, back to back
  std::vector<std::pair<std::size_t, std::size_t>> spans;  // item i's bytes in `inputs`; first == failed: not readable
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};  // the call was interrupted: helpers take no more chunks
  std::vector<std::atomic<chunk_result*>> done;

  std::string_view input(std::size_t i) const {
    return std::string_view(inputs).substr(spans[i].first, spans[i].second - spans[i].first);
  }
  // Converts chunk c and publishes it unless another thread did first.
  void convert(std::size_t c, scratch& s) {
    std::unique_ptr<chunk_result> r(new chunk_result);
    r->text.reserve(chunk_items * 32);
    const std::size_t first = c * chunk_items, end = std::min(spans.size(), first + chunk_items);
    for (std::size_t i = first; i < end; ++i) {
      std::size_t& e = r->ends[i - first];
      e = failed;
      if (spans[i].first == failed) continue;
      const std::string_view in = input(i);
      std::string_view output;
      try {
        if (!native(in, s, output)) continue;
        if (output == in) {
          e = unchanged;
        } else {
          r->text += output;
          e = r->text.size();
        }
      } catch (const std::bad_alloc&) {  // the single call reports it
      }
    }
    chunk_result* expected = nullptr;
    if (done[c].compare_exchange_strong(expected, r.get(), std::memory_order_acq_rel)) r.release();
  }
  // Takes chunks while there are and the call goes on; `go_on()` after
  // each chunk, false: stop (the calling thread's signal_watch).
  template <class GoOn>
  void take_chunks(GoOn&& go_on) {
    scratch s;
    for (std::size_t c = next++; c < done.size() && !stop.load(std::memory_order_relaxed); c = next++) {
      try {
        convert(c, s);
      } catch (const std::bad_alloc&) {  // the calling thread does it
      }
      if (!go_on()) {
        stop.store(true, std::memory_order_relaxed);
        return;
      }
    }
  }
  void take_chunks() {
    take_chunks([] { return true; });
  }
};

template <class Native, class One>
py::list bulk_parallel(py::handle items, Native&& native, One&& one) {
  bulk_results results(items);
  const Py_ssize_t n = results.size();
  const auto cores = static_cast<Py_ssize_t>(std::max(1u, std::thread::hardware_concurrency()));
  const Py_ssize_t threads = std::min(cores, n / items_per_thread);
  if (threads < 2) return bulk_serial(results, native, one);

  using work_type = parallel_work<std::decay_t<Native>>;
  const auto work = std::make_shared<work_type>(native, static_cast<std::size_t>(n));
  // Every item's UTF-8 into one text, reserved at its largest size.
  std::size_t bytes = 0;
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* item = results.item(i);
    if (PyUnicode_Check(item)) bytes += static_cast<std::size_t>(PyUnicode_GET_LENGTH(item)) * (PyUnicode_IS_ASCII(item) ? 1 : 4);
  }
  work->inputs.reserve(bytes);
  for (Py_ssize_t i = 0; i < n; ++i) {
    if (i % signal_stride == 0) check_signals();
    auto& span = work->spans[static_cast<std::size_t>(i)];
    const std::size_t at = work->inputs.size();
    span = append_utf8(results.item(i), work->inputs) ? std::make_pair(at, work->inputs.size())
                                                      : std::make_pair(failed, failed);
  }
  bool interrupted = false;
  {
    py::gil_scoped_release unlocked;
    for (Py_ssize_t t = 1; t < threads; ++t) {
      try {
        std::thread([work] { work->take_chunks(); }).detach();
      } catch (const std::system_error&) {  // no thread: this one does it all
      }
    }
    signal_watch signalled;
    work->take_chunks([&] { return signalled(); });
    interrupted = work->stop.load(std::memory_order_relaxed);
    scratch s;
    for (std::size_t c = 0; c < work->done.size() && !interrupted; ++c) {
      if (work->done[c].load(std::memory_order_acquire) == nullptr) work->convert(c, s);
      interrupted = !signalled();
    }
    if (interrupted) work->stop.store(true, std::memory_order_relaxed);
  }
  // The handler's exception, set while the GIL was taken for the check; the
  // helpers stop at their next chunk and free what they share with `work`.
  if (interrupted) throw py::error_already_set();
  for (std::size_t c = 0; c < work->done.size(); ++c) {
    check_signals();
    const chunk_result& r = *work->done[c].load(std::memory_order_acquire);
    const std::string_view text = r.text;
    std::size_t start = 0;
    const std::size_t first = c * chunk_items, end = std::min(static_cast<std::size_t>(n), first + chunk_items);
    for (std::size_t i = first; i < end; ++i) {
      const auto at = static_cast<Py_ssize_t>(i);
      const std::size_t e = r.ends[i - first];
      if (e == failed) {
        results.set(at, one(results.item(at)));
      } else if (e == unchanged) {
        results.set_unchanged(at);
      } else {
        results.set_output(at, new_str(text.substr(start, e - start)));
        start = e;
      }
    }
  }
  return results.take();
}

// ---- the entry points ----

PyObject* py_to_ascii_many(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return call_guarded([&]() -> PyObject* {
    PyObject* domains = nullptr;
    const idna_choice o = parse_idna_args("to_ascii_many", "domains", args, nargs, kwnames, domains);
    return bulk_parallel(
               domains, [o](std::string_view in, scratch& s, std::string_view& out) { return to_ascii_native(in, o, s, out); },
               [&](py::handle d) { return to_ascii_one(d, o); })
        .release()
        .ptr();
  });
}

PyObject* py_to_unicode_many(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  return call_guarded([&]() -> PyObject* {
    PyObject* domains = nullptr;
    const idna_choice o = parse_idna_args("to_unicode_many", "domains", args, nargs, kwnames, domains);
    return bulk_parallel(
               domains, [o](std::string_view in, scratch& s, std::string_view& out) { return to_unicode_native(in, o, s, out); },
               [&](py::handle d) { return to_unicode_one(d, o); })
        .release()
        .ptr();
  });
}

PyCFunction fastcall(PyObject* (*f)(PyObject*, PyObject* const*, Py_ssize_t, PyObject*)) {
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(f));
}

}  // namespace

void bind_bulk(py::module_& m) {
  // The smallest list a bulk call spreads over two threads (puny.dask
  // slices a partition below it, so that the workers are the parallelism).
  m.attr("bulk_serial_below") = 2 * items_per_thread;
  static PyMethodDef functions[] = {
      {"to_ascii_many", fastcall(py_to_ascii_many), METH_FASTCALL | METH_KEYWORDS,
       idna_docstring("to_ascii_many($module, domains, preset='uts46', *",
                      "to_ascii of every item: a list of puny.Result.")},
      {"to_unicode_many", fastcall(py_to_unicode_many), METH_FASTCALL | METH_KEYWORDS,
       idna_docstring("to_unicode_many($module, domains, preset='uts46', *",
                      "to_unicode of every item: a list of puny.Result.")},
      {nullptr, nullptr, 0, nullptr}};
  if (PyModule_AddFunctions(m.ptr(), functions) != 0) throw py::error_already_set();
  m.def(
      "encode_many",
      [](py::iterable texts, py::handle mixed) {
        bool mixed_case = false;
        apply_flag(mixed_case, mixed, "mixed_case");
        const auto one = [&](py::handle t) { return encode_one(t, mixed_case); };
        if (mixed_case) return bulk(texts, one);
        return bulk_parallel(texts, encode_native, one);
      },
      py::arg("texts"), py::kw_only(), py::arg("mixed_case") = false,
      "encode_many($module, texts, *, mixed_case=False)\n--\n\nencode of every item: a list of puny.Result.");
  m.def(
      "decode_many",
      [](py::iterable texts, py::handle mixed) {
        bool mixed_case = false;
        apply_flag(mixed_case, mixed, "mixed_case");
        const auto one = [&](py::handle t) { return decode_one(t, mixed_case); };
        if (mixed_case) return bulk(texts, one);
        return bulk_parallel(texts, decode_native, one);
      },
      py::arg("texts"), py::kw_only(), py::arg("mixed_case") = false,
      "decode_many($module, texts, *, mixed_case=False)\n--\n\ndecode of every item: a list of puny.Result.");
}

}  // namespace puny_python
