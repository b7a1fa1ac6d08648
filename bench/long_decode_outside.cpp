// The outside harness of issue 54 (bench/long_decode_outside.sh builds it in
// a temporary folder against the INSTALLED library, not the repository's
// build): Punycode decode of long strings, the way a user would time it,
// with std::chrono and a plain loop, puny against ada-idna and libidn2.
//
//   long_decode_outside FILE [CALLS] [ROUNDS]
//   long_decode_outside FILE --first FORM
//
// FILE holds Punycode strings (no xn--), one a line, e.g. long-1024.puny.txt
// (one line).  Every line is decoded by every form and checked against
// puny's allocating result before anything is timed.  Each round times
// CALLS decodes per form, cycling through the lines, the forms alternated
// within the round, with std::chrono::steady_clock (wall) and std::clock (the
// process's CPU time, which other jobs on a loaded machine do not inflate);
// a form's figure is the median (min - max) over the rounds of ns per
// decode, then the ratios to puny's caller-buffer form.  The first call of
// each form in the process is printed on its own ("one call", wall ns).
// --first FORM times only FORM's first call in a fresh process (CPU ns,
// wall ns, page faults): what a harness timing one decode measures.
//
// Forms (all checked against puny's result before timing):
//   puny          punycode::decode(input, char32_t*, capacity), one buffer
//   puny-alloc    punycode::decode(input) -> result<std::u32string>
//   ada           ada::idna::punycode_to_utf32(input, out), out cleared per call
//   ada-fresh     the same into a new std::u32string per call
//   libidn2       _idn2_punycode_decode@IDN2_0.0.0 (dlvsym), one buffer
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <fstream>
#include <time.h>

#include <sys/resource.h>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <dlfcn.h>
#include <idn2.h>

#include <puny/punycode.hpp>

#ifdef HAVE_ADA
#include <ada/idna/punycode.h>
#endif

namespace {

using idn2_decode_fn = int (*)(std::size_t, const char*, std::size_t*, std::uint32_t*);

struct form {
  const char* name;
  std::function<std::size_t(const std::string&)> decode;  // code points written (0: failed)
  std::vector<double> ns{};             // wall ns per decode, one entry a round
  std::vector<double> cpu_ns{};         // CPU ns per decode, one entry a round
  double first_ns{};
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: long_decode_outside FILE [CALLS] [ROUNDS]\n"
                         "       long_decode_outside FILE --first FORM\n");
    return 2;
  }
  std::ifstream f(argv[1]);
  std::vector<std::string> inputs;
  for (std::string line; std::getline(f, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) inputs.push_back(line);
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "long_decode_outside: no line to decode in %s\n", argv[1]);
    return 2;
  }
  std::size_t longest = 0;
  for (const auto& in : inputs) longest = std::max(longest, in.size());
  // --first FORM: only the first call of one form in this process, before
  // anything else decodes (what a harness timing one decode in a fresh
  // process measures: page faults on the code and tables, cold caches).
  const bool first_only = argc > 3 && std::string_view(argv[2]) == "--first";
  const long calls = !first_only && argc > 2 ? std::atol(argv[2]) : 2000;
  const int rounds = !first_only && argc > 3 ? std::atoi(argv[3]) : 15;

  // A decoded string has at most as many code points as its input has bytes.
  const std::size_t cap = longest + 16;
  std::u32string out32(cap, U'\0');
  std::vector<std::uint32_t> out_idn2(cap);
  std::u32string ada_out;
  (void)ada_out;
  if (idn2_check_version(nullptr) == nullptr) return 1;  // loads libidn2
  const auto idn2_decode = reinterpret_cast<idn2_decode_fn>(
      dlvsym(RTLD_DEFAULT, "_idn2_punycode_decode", "IDN2_0.0.0"));
  if (idn2_decode == nullptr) {
    std::fprintf(stderr, "long_decode_outside: libidn2 has no _idn2_punycode_decode@IDN2_0.0.0\n");
    return 1;
  }

  std::vector<form> forms;
  forms.push_back({"puny", [&](const std::string& input) -> std::size_t {
                     const auto r = puny::punycode::decode(input, out32.data(), out32.size());
                     return r.ok() ? r.size : 0;
                   }});
  forms.push_back({"puny-alloc", [&](const std::string& input) -> std::size_t {
                     const auto r = puny::punycode::decode(input);
                     return r.ok() ? r.value.size() : 0;
                   }});
#ifdef HAVE_ADA
  forms.push_back({"ada", [&](const std::string& input) -> std::size_t {
                     ada_out.clear();
                     return ada::idna::punycode_to_utf32(input, ada_out) ? ada_out.size() : 0;
                   }});
  forms.push_back({"ada-fresh", [&](const std::string& input) -> std::size_t {
                     std::u32string o;
                     return ada::idna::punycode_to_utf32(input, o) ? o.size() : 0;
                   }});
#endif
  forms.push_back({"libidn2", [&](const std::string& input) -> std::size_t {
                     std::size_t m = out_idn2.size();
                     return idn2_decode(input.size(), input.data(), &m, out_idn2.data()) == IDN2_OK
                                ? m
                                : 0;
                   }});

  if (first_only) {
    for (form& fm : forms) {
      if (fm.name != std::string_view(argv[3])) continue;
      rusage u0{}, u1{};
      getrusage(RUSAGE_SELF, &u0);
      const double c0 = thread_cpu_ns();
      const auto t0 = std::chrono::steady_clock::now();
      const std::size_t got = fm.decode(inputs[0]);
      const double wall =
          std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
      const double cpu = thread_cpu_ns() - c0;
      getrusage(RUSAGE_SELF, &u1);
      const auto expected = puny::punycode::decode(inputs[0]);
      if (!expected.ok() || got != expected.value.size()) {
        std::fprintf(stderr, "long_decode_outside: %s decoded %zu code points\n", fm.name, got);
        return 1;
      }
      // name, CPU ns, wall ns, page faults (minor + major) during the call
      std::printf("first %s %.0f %.0f %ld\n", fm.name, cpu, wall,
                  (u1.ru_minflt - u0.ru_minflt) + (u1.ru_majflt - u0.ru_majflt));
      return 0;
    }
    std::fprintf(stderr, "long_decode_outside: no form %s\n", argv[3]);
    return 2;
  }

  // Every line decoded by every form, checked against puny's allocating
  // result (the first call of each form, timed, is on line 0).
  std::size_t code_points = 0;  // of one pass over the lines
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const auto expected = puny::punycode::decode(inputs[i]);
    if (!expected.ok()) {
      std::fprintf(stderr, "long_decode_outside: puny rejects line %zu\n", i + 1);
      return 1;
    }
    code_points += expected.value.size();
    for (form& fm : forms) {
      const auto t0 = std::chrono::steady_clock::now();
      const std::size_t got = fm.decode(inputs[i]);
      if (i == 0)
        fm.first_ns =
            std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
      bool same = got == expected.value.size();
      if (same && fm.name == std::string_view("puny"))
        same = std::u32string(out32.data(), got) == expected.value;
      else if (same && fm.name == std::string_view("libidn2"))
        same = std::equal(expected.value.begin(), expected.value.end(), out_idn2.begin());
#ifdef HAVE_ADA
      else if (same && fm.name == std::string_view("ada"))
        same = ada_out == expected.value;
#endif
      if (!same) {
        std::fprintf(stderr, "long_decode_outside: %s differs from puny on line %zu\n", fm.name,
                     i + 1);
        return 1;
      }
    }
  }

  // calls decodes a round per form, cycling through the lines.
  std::size_t sink = 0, want = 0;
  for (long i = 0; i < calls; ++i) want += puny::punycode::decode(inputs[i % inputs.size()]).value.size();
  for (int r = 0; r < rounds; ++r) {
    for (std::size_t k = 0; k < forms.size(); ++k) {
      // Rotate the order each round, so that no form always runs first.
      form& fm = forms[(k + static_cast<std::size_t>(r)) % forms.size()];
      const std::clock_t c0 = std::clock();
      const auto t0 = std::chrono::steady_clock::now();
      for (long i = 0; i < calls; ++i) sink += fm.decode(inputs[static_cast<std::size_t>(i) % inputs.size()]);
      const double ns =
          std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
      const double cpu = static_cast<double>(std::clock() - c0) * 1e9 / CLOCKS_PER_SEC;
      fm.ns.push_back(ns / static_cast<double>(calls));
      fm.cpu_ns.push_back(cpu / static_cast<double>(calls));
    }
  }
  if (sink != want * static_cast<std::size_t>(rounds) * forms.size()) return 1;

  std::printf("input %s: %zu strings, %zu code points in all; %ld calls a round, %d rounds\n",
              argv[1], inputs.size(), code_points, calls, rounds);
  std::printf("%-11s %10s %17s %9s %10s %9s %10s\n", "form", "CPU ns", "(min - max)", "ratio",
              "wall ns", "ratio", "one call");
  const double puny_cpu = median(forms[0].cpu_ns), puny_wall = median(forms[0].ns);
  for (const form& fm : forms) {
    const double cpu = median(fm.cpu_ns), wall = median(fm.ns);
    char spread[64];
    std::snprintf(spread, sizeof spread, "(%.0f - %.0f)",
                  *std::min_element(fm.cpu_ns.begin(), fm.cpu_ns.end()),
                  *std::max_element(fm.cpu_ns.begin(), fm.cpu_ns.end()));
    std::printf("%-11s %10.0f %17s %8.2fx %10.0f %8.2fx %10.0f\n", fm.name, cpu, spread,
                cpu / puny_cpu, wall, wall / puny_wall, fm.first_ns);
  }
  std::printf("ns per decode, medians of the rounds; ratio = form / puny (caller buffer), "
              "> 1: puny faster; one call: the first call's wall ns\n");
  return 0;
}
