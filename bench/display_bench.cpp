// Display safety benchmarks (issue 22 targets, bench/README.md "Display
// safety"):
//   * UTS #39 skeleton per label: puny against ICU's uspoof_getSkeletonUTF8
//     (target: puny >= 3x ICU);
//   * a label's restriction-level check: ICU's uspoof_check2UTF8 with
//     USPOOF_HIGHLY_RESTRICTIVE, next to puny's uts39::restriction_level_of;
//   * the chromium decision on every name of domains-idn against puny's own
//     idna::to_unicode of the same names (target: at most 2x);
//   * the lookalike step against 100,000 protected domains (the names of
//     domains-mixed), in names per second (target: > 1 million on one core).
// Inputs are prepared outside the timed loops; every timed loop consumes
// its results so nothing is optimized away.  Timings are never asserted.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/uts39.hpp"
#include "workload.hpp"

#if PUNY_BENCH_HAVE_ICU_SPOOF
#include <unicode/uspoof.h>
#endif

namespace {

std::string data_path(const char* name) { return std::string(PUNY_BENCH_DATA_DIR) + "/" + name; }

// The Unicode labels of domains-idn (its .unicode file: what ToUnicode gives).
const std::vector<std::string>& idn_labels() {
  static const std::vector<std::string> labels = [] {
    std::vector<std::string> out;
    for (const std::string& name : bench::read_lines(data_path("domains-idn.unicode.txt"))) {
      std::size_t start = 0;
      while (start <= name.size()) {
        std::size_t dot = name.find('.', start);
        if (dot == std::string::npos) dot = name.size();
        if (dot > start) out.push_back(name.substr(start, dot - start));
        start = dot + 1;
      }
    }
    return out;
  }();
  return labels;
}

const std::vector<std::string>& idn_names() {
  static const std::vector<std::string> names = bench::read_lines(data_path("domains-idn.txt"));
  return names;
}

void set_items(benchmark::State& state, std::size_t per_iteration) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * per_iteration));
}

void skeleton_puny(benchmark::State& state) {
  const auto& labels = idn_labels();
  for (auto _ : state) {
    for (const std::string& label : labels) {
      auto r = puny::uts39::skeleton(std::string_view(label));
      benchmark::DoNotOptimize(r.value.data());
    }
  }
  set_items(state, labels.size());
}
BENCHMARK(skeleton_puny)->Name("skeleton/puny")->Unit(benchmark::kMicrosecond);

void restriction_level_puny(benchmark::State& state) {
  std::vector<std::u32string> labels;
  for (const std::string& label : idn_labels()) labels.push_back(bench::utf8_to_u32(label));
  for (auto _ : state) {
    for (const std::u32string& label : labels)
      benchmark::DoNotOptimize(puny::uts39::restriction_level_of(label));
  }
  set_items(state, labels.size());
}
BENCHMARK(restriction_level_puny)->Name("restriction_level/puny")->Unit(benchmark::kMicrosecond);

#if PUNY_BENCH_HAVE_ICU_SPOOF
struct icu_checker {
  USpoofChecker* checker = nullptr;
  icu_checker() {
    UErrorCode status = U_ZERO_ERROR;
    checker = uspoof_open(&status);
    if (U_FAILURE(status)) {
      std::fprintf(stderr, "uspoof_open: %s\n", u_errorName(status));
      std::exit(1);
    }
    uspoof_setRestrictionLevel(checker, USPOOF_HIGHLY_RESTRICTIVE);
  }
  ~icu_checker() { uspoof_close(checker); }
};

void skeleton_icu(benchmark::State& state) {
  const auto& labels = idn_labels();
  icu_checker icu;
  std::vector<char> out(1024);
  for (auto _ : state) {
    for (const std::string& label : labels) {
      UErrorCode status = U_ZERO_ERROR;
      const int32_t n = uspoof_getSkeletonUTF8(icu.checker, 0, label.data(),
                                               static_cast<int32_t>(label.size()), out.data(),
                                               static_cast<int32_t>(out.size()), &status);
      benchmark::DoNotOptimize(n);
    }
  }
  set_items(state, labels.size());
}
BENCHMARK(skeleton_icu)->Name("skeleton/icu")->Unit(benchmark::kMicrosecond);

void check_icu(benchmark::State& state) {
  const auto& labels = idn_labels();
  icu_checker icu;
  for (auto _ : state) {
    for (const std::string& label : labels) {
      UErrorCode status = U_ZERO_ERROR;
      const int32_t r = uspoof_check2UTF8(icu.checker, label.data(),
                                          static_cast<int32_t>(label.size()), nullptr, &status);
      benchmark::DoNotOptimize(r);
    }
  }
  set_items(state, labels.size());
}
BENCHMARK(check_icu)->Name("restriction_level/icu_check2")->Unit(benchmark::kMicrosecond);
#endif

void to_unicode_puny(benchmark::State& state) {
  const auto& names = idn_names();
  for (auto _ : state) {
    for (const std::string& name : names) {
      auto r = puny::idna::to_unicode(name);
      benchmark::DoNotOptimize(r.value.data());
    }
  }
  set_items(state, names.size());
}
BENCHMARK(to_unicode_puny)->Name("decision/to_unicode")->Unit(benchmark::kMicrosecond);

void decide_profile(benchmark::State& state, puny::display::profile which) {
  const auto& names = idn_names();
  puny::display::options opt;
  opt.which = which;
  for (auto _ : state) {
    for (const std::string& name : names) {
      auto r = puny::display::decide(name, opt);
      benchmark::DoNotOptimize(r.value.display.data());
    }
  }
  set_items(state, names.size());
}
// The same decisions into one reused decision object (no allocation once
// it has grown), and just the display form.
void decide_reused(benchmark::State& state, puny::display::profile which) {
  const auto& names = idn_names();
  puny::display::options opt;
  opt.which = which;
  puny::display::decision d;
  for (auto _ : state) {
    for (const std::string& name : names) {
      auto st = puny::display::decide(name, opt, d);
      benchmark::DoNotOptimize(st);
      benchmark::DoNotOptimize(d.display.data());
    }
  }
  set_items(state, names.size());
}
void display_form(benchmark::State& state, puny::display::profile which) {
  const auto& names = idn_names();
  puny::display::options opt;
  opt.which = which;
  for (auto _ : state) {
    for (const std::string& name : names) {
      auto r = puny::display::to_display(name, opt);
      benchmark::DoNotOptimize(r.value.data());
    }
  }
  set_items(state, names.size());
}
BENCHMARK_CAPTURE(decide_reused, chromium, puny::display::profile::chromium)
    ->Name("decision/chromium-reused")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(display_form, chromium, puny::display::profile::chromium)
    ->Name("decision/chromium-to_display")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(decide_profile, chromium, puny::display::profile::chromium)
    ->Name("decision/chromium")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(decide_profile, firefox_moderate, puny::display::profile::firefox_moderate)
    ->Name("decision/firefox-moderate")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(decide_profile, uts39_highly_restrictive,
                  puny::display::profile::uts39_highly_restrictive)
    ->Name("decision/uts39-highly-restrictive")->Unit(benchmark::kMicrosecond);

// The protected list: the 100,000 names of domains-mixed, one a line.
const puny::display::protected_domains& protected_100k() {
  static const puny::display::protected_domains list = [] {
    std::string text;
    for (const std::string& name : bench::read_lines(data_path("domains-mixed.txt")))
      text += name + "\n";
    puny::display::protected_domains out;
    puny::display::list_error error;
    if (!puny::display::protected_domains::parse(text, "domains-mixed.txt", out, error)) {
      std::fprintf(stderr, "protected list: %s\n", error.text.c_str());
      std::exit(1);
    }
    std::fprintf(stderr, "protected list: %zu domains\n", out.size());
    return out;
  }();
  return list;
}

void lookalike_lookup(benchmark::State& state) {
  const auto& list = protected_100k();
  const auto& names = idn_names();
  std::size_t found = 0;
  for (auto _ : state) {
    for (const std::string& name : names) found += list.lookalike_of(name).empty() ? 0 : 1;
  }
  benchmark::DoNotOptimize(found);
  set_items(state, names.size());
}
BENCHMARK(lookalike_lookup)->Name("protected_100k/lookalike_of")->Unit(benchmark::kMicrosecond);

void decide_with_protected(benchmark::State& state) {
  const auto& names = idn_names();
  puny::display::options opt;
  opt.which = puny::display::profile::chromium;
  opt.protected_list = &protected_100k();
  for (auto _ : state) {
    for (const std::string& name : names) {
      auto r = puny::display::decide(name, opt);
      benchmark::DoNotOptimize(r.value.display.data());
    }
  }
  set_items(state, names.size());
}
BENCHMARK(decide_with_protected)->Name("protected_100k/chromium_decision")
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
