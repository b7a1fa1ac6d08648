// puny._puny: signal handlers (Ctrl-C's KeyboardInterrupt) run during long
// calls, which otherwise hold the interpreter in C++ until they return
// (issue 52: to_ascii_many of 1M names signalled at 0.7 s raised at 3.55 s).
#include <chrono>

#include "binding.hpp"

namespace puny_python {

void check_signals() {
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

namespace {

constexpr std::int64_t interval_ns = 10'000'000;  // 10 ms

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

bool signal_watch::operator()() {
  const std::int64_t now = now_ns();
  if (last_ == 0) last_ = now;
  if (now - last_ < interval_ns) return true;
  last_ = now;
  // Only the main thread runs handlers; PyErr_CheckSignals is 0 elsewhere.
  py::gil_scoped_acquire gil;
  return PyErr_CheckSignals() == 0;
}

}  // namespace puny_python
