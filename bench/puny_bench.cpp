// puny_bench: puny against ICU, libidn2 and GNU libidn on the shared
// workloads, in one process.  Before anything is timed every implementation
// runs once over every workload and its outputs are compared with the
// expected files (and so with each other); the results of that check and the
// peers' versions go into the benchmark context (JSON "context" object).
//
// Usage: puny_bench [--data=DIR] [--reps=N] [--peer_cap_seconds=S]
//                   [--no_long] [--sweep] [--sweep_max=N] [google benchmark flags...]
// bench/run.sh is the one command that builds, runs and reports.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "impls.hpp"
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "workload.hpp"

#ifndef PUNY_BENCH_DATA_DIR
#define PUNY_BENCH_DATA_DIR "../shared/bench/data"
#endif

// ---- Counting allocator: C++ allocations only (the C peers use malloc).
// Used to check "no allocation beyond the output" for ASCII names.  The
// benchmark is single-threaded, so a plain counter suffices.
namespace {
std::size_t g_allocations = 0;
}
void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0) {
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

struct config {
  std::string data = PUNY_BENCH_DATA_DIR;
  int reps = 5;
  double peer_cap_seconds = 2.0;
  bool long_strings = true;
  // --sweep: long strings at more lengths, 1 to 2^20 code points (the files'
  // five plus strings generated like the 1,000,000 one), for the scaling plot.
  bool sweep = false;
  // --sweep_max=N: only the long strings of at most N code points (the
  // per-call cost of short strings can be measured without the minutes the
  // peers take to check the long ones).
  std::size_t sweep_max = ~std::size_t{0};
};

// Everything the registered benchmarks point to lives here until exit.
std::vector<std::unique_ptr<bench::punycode_impl>> g_punycode_keep;
std::vector<std::unique_ptr<bench::idna_impl>> g_idna_keep;

double stat_min(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }
double stat_max(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }

template <class Fn>
void add_benchmark(const config& cfg, const std::string& name, std::size_t items,
                   std::size_t bytes, Fn pass) {
  auto* b = benchmark::RegisterBenchmark(
      name.c_str(), [items, bytes, pass](benchmark::State& state) {
        std::size_t errors = 0;
        for (auto _ : state) benchmark::DoNotOptimize(pass(errors));
        state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(items));
        state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
        state.counters["items"] = static_cast<double>(items);
        state.counters["bytes"] = static_cast<double>(bytes);
        state.counters["errors_per_pass"] =
            static_cast<double>(errors) / static_cast<double>(state.iterations());
      });
  b->Repetitions(cfg.reps)
      ->ComputeStatistics("min", stat_min)
      ->ComputeStatistics("max", stat_max)
      ->Unit(benchmark::kMicrosecond);
}

// ---- Agreement checks ----

struct check_result {
  std::size_t total = 0, ok = 0, mismatch = 0, error = 0;
  std::string first_bad;
  std::string summary() const {
    std::string s = std::to_string(ok) + "/" + std::to_string(total) + " as expected";
    if (mismatch != 0) s += ", " + std::to_string(mismatch) + " different";
    if (error != 0) s += ", " + std::to_string(error) + " rejected";
    if (!first_bad.empty()) s += first_bad[0] == ' ' ? first_bad : " (first: " + first_bad + ")";
    return s;
  }
};

void report_check(const std::string& what, const std::string& impl, const check_result& r) {
  const std::string s = r.summary();
  std::fprintf(stderr, "check %-28s %-11s %s\n", what.c_str(), impl.c_str(), s.c_str());
  benchmark::AddCustomContext("check " + what + " " + impl, s);
}

std::string shorten(const std::string& s) { return s.size() > 60 ? s.substr(0, 60) + "..." : s; }

// ---- Workloads ----

void labels_benchmarks(const config& cfg) {
  const auto labels_utf8 = bench::read_lines(cfg.data + "/labels.txt");
  const auto labels_puny = bench::read_lines(cfg.data + "/labels.puny.txt");
  std::vector<std::u32string> labels;
  std::size_t longest = 0;
  for (const auto& l : labels_utf8) {
    labels.push_back(bench::utf8_to_u32(l));
    longest = std::max(longest, labels.back().size());
  }
  const std::size_t utf8_bytes = bench::total_bytes(labels_utf8);
  const std::size_t puny_bytes = bench::total_bytes(labels_puny);

  for (auto& impl : bench::make_punycode_impls()) {
    impl->set_encode_input(labels);
    impl->set_decode_input(labels_puny, longest + 16);
    check_result enc, dec;
    std::string s;
    std::u32string u;
    for (std::size_t i = 0; i < labels.size(); ++i) {
      ++enc.total;
      if (!impl->encode_one(i, s)) {
        ++enc.error;
        if (enc.first_bad.empty()) enc.first_bad = "line " + std::to_string(i + 1) + " rejected";
      } else if (s != labels_puny[i]) {
        ++enc.mismatch;
        if (enc.first_bad.empty()) enc.first_bad = "line " + std::to_string(i + 1) + ": " + shorten(s);
      } else {
        ++enc.ok;
      }
      ++dec.total;
      if (!impl->decode_one(i, u)) {
        ++dec.error;
        if (dec.first_bad.empty()) dec.first_bad = "line " + std::to_string(i + 1) + " rejected";
      } else if (u != labels[i]) {
        ++dec.mismatch;
        if (dec.first_bad.empty())
          dec.first_bad = "line " + std::to_string(i + 1) + ": " + shorten(bench::u32_to_utf8(u));
      } else {
        ++dec.ok;
      }
    }
    report_check("labels/encode", impl->name(), enc);
    report_check("labels/decode", impl->name(), dec);
    bench::punycode_impl* p = impl.get();
    add_benchmark(cfg, "labels/encode/" + impl->name(), labels.size(), utf8_bytes,
                  [p](std::size_t& e) { return p->encode_all(e); });
    add_benchmark(cfg, "labels/decode/" + impl->name(), labels.size(), puny_bytes,
                  [p](std::size_t& e) { return p->decode_all(e); });
    g_punycode_keep.push_back(std::move(impl));
  }
}

// Decode of many distinct strings of 1,024 code points (the long-1024 mix,
// make_long_string with 256 seeds): one pass decodes each once.  The long/
// rows decode one string over and over, and a branch predictor learns that
// string's branches: at 1,024 code points puny then runs at some 6.7
// instructions a cycle, and every decoder gains, puny most (bench/README.md,
// "Long strings: one string against many").  This workload is what a
// program decoding different strings gets.
void long_distinct_benchmarks(const config& cfg) {
  constexpr std::size_t n = 1024, count = 256;
  if (n > cfg.sweep_max) return;
  std::vector<std::u32string> text;
  std::vector<std::string> puny;
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < count; ++i) {
    text.push_back(bench::make_long_string(n, 0x6469737469 + i));
    puny.push_back(puny::punycode::encode(text.back()).value);
    bytes += puny.back().size();
  }
  const std::string what = "long-1024x256/decode";
  for (auto& impl : bench::make_punycode_impls()) {
    impl->set_decode_input(puny, n + 16);
    check_result r;
    std::u32string u;
    for (std::size_t i = 0; i < count; ++i) {
      ++r.total;
      if (!impl->decode_one(i, u)) ++r.error;
      else if (u != text[i]) ++r.mismatch;
      else ++r.ok;
    }
    report_check(what, impl->name(), r);
    if (r.ok != count) continue;  // ICU's decoder stops at 1,000 code points
    bench::punycode_impl* p = impl.get();
    add_benchmark(cfg, what + "/" + impl->name(), count, bytes,
                  [p](std::size_t& e) { return p->decode_all(e); });
    g_punycode_keep.push_back(std::move(impl));
  }
}

enum class idna_op { to_ascii, to_unicode };

void idna_workload(const config& cfg, const std::string& workload,
                   const std::vector<std::string>& input, const std::vector<std::string>& expected,
                   idna_op op, bench::idna_rules rules = bench::idna_rules::uts46,
                   bool with_floor = false) {
  const std::size_t bytes = bench::total_bytes(input);
  const char* op_name = op == idna_op::to_ascii ? "to_ascii" : "to_unicode";
  const std::string what = workload + "/" + op_name;
  auto impls = bench::make_idna_impls(rules);
  // The all-ASCII workloads also time the floor (a lowercase copy of each
  // name, impls_floor.cpp) on the same names, after puny's two forms.
  if (with_floor) {
    auto floor = bench::make_floor_impls();
    // The floors must lowercase, which the lowercase workload cannot show:
    // each copies the names upper-cased (and every byte 0x80-0xFF, which it
    // must keep) once, checked here, untimed.
    std::vector<std::string> upper;
    std::string high;
    for (int c = 0x80; c <= 0xFF; ++c) high.push_back(static_cast<char>(c));
    upper.push_back(high);
    for (const auto& d : input) {
      std::string u = d;
      for (char& c : u)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
      upper.push_back(std::move(u));
    }
    for (auto& f : floor) {
      f->set_input(upper);
      check_result r;
      std::string out;
      for (std::size_t i = 0; i < upper.size(); ++i) {
        ++r.total;
        const std::string& want = i == 0 ? high : input[i - 1];
        if (!f->to_ascii_one(i, out)) ++r.error;
        else if (out != want) ++r.mismatch;
        else ++r.ok;
      }
      report_check(workload + " upper-cased/" + op_name, f->name(), r);
      f->set_input(input);
    }
    impls.insert(impls.begin() + 2, std::make_move_iterator(floor.begin()),
                 std::make_move_iterator(floor.end()));
  }
  for (auto& impl : impls) {
    if (op == idna_op::to_ascii ? !impl->has_to_ascii() : !impl->has_to_unicode()) continue;
    impl->set_input(input);
    check_result r;
    std::string out;
    for (std::size_t i = 0; i < input.size(); ++i) {
      ++r.total;
      const bool ok = op == idna_op::to_ascii ? impl->to_ascii_one(i, out)
                                              : impl->to_unicode_one(i, out);
      if (!ok) {
        ++r.error;
        if (r.first_bad.empty()) r.first_bad = "rejects " + shorten(input[i]);
      } else if (!expected.empty() && out != expected[i]) {
        ++r.mismatch;
        if (r.first_bad.empty()) r.first_bad = shorten(input[i]) + " -> " + shorten(out);
      } else {
        ++r.ok;
      }
    }
    report_check(what, impl->name(), r);
    bench::idna_impl* p = impl.get();
    if (op == idna_op::to_ascii)
      add_benchmark(cfg, what + "/" + impl->name(), input.size(), bytes,
                    [p](std::size_t& e) { return p->to_ascii_all(e); });
    else
      add_benchmark(cfg, what + "/" + impl->name(), input.size(), bytes,
                    [p](std::size_t& e) { return p->to_unicode_all(e); });
    g_idna_keep.push_back(std::move(impl));
  }
}

// domains-skew.txt: names probing Unicode-version and IDNA-flavour
// differences.  Agreement only, not timed: one context entry per name on
// which some implementation differs from the expected UTS #46 result.
void skew_check(const config& cfg) {
  const auto skew = bench::read_lines(cfg.data + "/domains-skew.txt");
  const auto expected = bench::read_lines(cfg.data + "/domains-skew.expected.txt");
  auto impls = bench::make_idna_impls();
  for (auto& impl : impls) impl->set_input(skew);
  std::size_t agree = 0;
  for (std::size_t i = 0; i < skew.size(); ++i) {
    std::string line = "expected " + expected.at(i);
    bool differs = false;
    std::string out;
    for (auto& impl : impls) {
      if (impl->name() == "puny-alloc") continue;
      const bool ok = impl->to_ascii_one(i, out);
      if (!ok || out != expected[i]) {
        differs = true;
        line += "; " + impl->name() + ": " + (ok ? out : std::string("rejected"));
      }
    }
    if (differs) {
      std::fprintf(stderr, "skew  %s: %s\n", skew[i].c_str(), line.c_str());
      benchmark::AddCustomContext("skew " + skew[i], line);
    } else {
      ++agree;
    }
  }
  benchmark::AddCustomContext("skew agreement", std::to_string(agree) + " of " +
                                                    std::to_string(skew.size()) +
                                                    " names: every implementation as expected");
}

void idna_benchmarks(const config& cfg) {
  skew_check(cfg);
  const auto mixed = bench::read_lines(cfg.data + "/domains-mixed.txt");
  const auto mixed_expected = bench::read_lines(cfg.data + "/domains-mixed.expected.txt");
  const auto idn = bench::read_lines(cfg.data + "/domains-idn.txt");
  const auto idn_expected = bench::read_lines(cfg.data + "/domains-idn.expected.txt");
  const auto ace = bench::read_lines(cfg.data + "/domains-idn.ascii.txt");
  const auto ace_expected = bench::read_lines(cfg.data + "/domains-idn.unicode.txt");
  idna_workload(cfg, "domains-mixed", mixed, mixed_expected, idna_op::to_ascii);
  idna_workload(cfg, "domains-idn", idn, idn_expected, idna_op::to_ascii);
  idna_workload(cfg, "domains-idn.ascii", ace, ace_expected, idna_op::to_unicode);

  const auto lower = bench::ascii_lowercase_names(mixed);
  idna_workload(cfg, "ascii-lower", lower, lower, idna_op::to_ascii, bench::idna_rules::uts46,
                true);

  // The URL Standard's rules (puny's url preset against ada-idna).  The
  // expected outputs are the URL Standard's, which the shared data does not
  // hold: they are puny's url-preset results, so the check counts where a
  // peer disagrees with puny (reported, never hidden).
  const auto url_expected = [](const std::vector<std::string>& in, idna_op op) {
    std::vector<std::string> out;
    out.reserve(in.size());
    for (const auto& d : in) {
      auto r = op == idna_op::to_ascii ? puny::idna::to_ascii(d, puny::idna::url)
                                       : puny::idna::to_unicode(d, puny::idna::url);
      out.push_back(r.ok() ? r.value : std::string("(error)"));
    }
    return out;
  };
  const auto url = bench::idna_rules::url;
  idna_workload(cfg, "url-mixed", mixed, url_expected(mixed, idna_op::to_ascii),
                idna_op::to_ascii, url);
  idna_workload(cfg, "url-idn", idn, url_expected(idn, idna_op::to_ascii), idna_op::to_ascii,
                url);
  idna_workload(cfg, "url-idn.ascii", ace, url_expected(ace, idna_op::to_unicode),
                idna_op::to_unicode, url);
  idna_workload(cfg, "url-ascii-lower", lower, lower, idna_op::to_ascii, url, true);

  // Allocations per name for puny's two to_ascii forms on that set.
  for (auto& impl : bench::make_idna_impls()) {
    if (impl->name().rfind("puny", 0) != 0) continue;
    impl->set_input(lower);
    std::size_t errors = 0;
    const std::size_t before = g_allocations;
    benchmark::DoNotOptimize(impl->to_ascii_all(errors));
    const std::size_t allocs = g_allocations - before;
    char buf[160];
    std::snprintf(buf, sizeof buf, "%zu allocations for %zu names (%.3f per name)", allocs,
                  lower.size(), static_cast<double>(allocs) / static_cast<double>(lower.size()));
    std::fprintf(stderr, "alloc ascii-lower/to_ascii %-11s %s\n", impl->name().c_str(), buf);
    benchmark::AddCustomContext("allocations ascii-lower/to_ascii " + impl->name(), buf);
  }
}

// The long strings: the five of the shared data, and with --sweep more
// lengths generated in-process (make_long_string, the same mix), whose
// expected encoding is puny's (the output check then compares the peers
// with puny).
struct long_input {
  std::size_t n;
  std::vector<std::string> text;  // one line, UTF-8
  std::vector<std::string> puny;  // one line
};

std::vector<long_input> long_inputs(const config& cfg) {
  const std::size_t files[] = {1024, 4096, 16384, 65536, 262144};
  std::vector<std::size_t> sizes(std::begin(files), std::end(files));
  if (cfg.sweep)
    for (std::size_t n : {1, 4, 16, 64, 256, 512, 768, 1536, 2048, 3072, 6144, 8192, 12288,
                          24576, 32768, 131072, 524288, 1048576})
      sizes.push_back(n);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::upper_bound(sizes.begin(), sizes.end(), cfg.sweep_max), sizes.end());
  std::vector<long_input> inputs;
  for (const std::size_t n : sizes) {
    const std::string tag = std::to_string(n);
    long_input in{n, {}, {}};
    if (std::find(std::begin(files), std::end(files), n) != std::end(files)) {
      in.text = bench::read_lines(cfg.data + "/long-" + tag + ".txt");
      in.puny = bench::read_lines(cfg.data + "/long-" + tag + ".puny.txt");
    } else {
      const std::u32string s = bench::make_long_string(n, 0x7377656570 + n);
      in.text = {bench::u32_to_utf8(s)};
      in.puny = {puny::punycode::encode(s).value};
    }
    inputs.push_back(std::move(in));
  }
  return inputs;
}

void long_benchmarks(const config& cfg) {
  // "impl/op" -> why it no longer runs.  Encode and decode are capped
  // separately: a peer may reject or crawl through one and not the other.
  std::map<std::string, std::string> stopped;
  for (const long_input& input : long_inputs(cfg)) {
    const std::size_t n = input.n;
    const std::string tag = std::to_string(n);
    const auto& text = input.text;
    const auto& puny = input.puny;
    const std::vector<std::u32string> in{bench::utf8_to_u32(text.at(0))};
    const std::vector<std::string> enc_expected{puny.at(0)};
    for (auto& impl : bench::make_punycode_impls()) {
      const std::string name = impl->name();
      impl->set_encode_input(in);
      impl->set_decode_input(enc_expected, n + 16);
      bool registered = false;
      for (const bool encode : {true, false}) {
        const std::string op = encode ? "encode" : "decode";
        const std::string what = "long-" + tag + "/" + op;
        auto it = stopped.find(name + "/" + op);
        if (it != stopped.end()) {
          std::fprintf(stderr, "skip  %-28s %-11s %s\n", what.c_str(), name.c_str(),
                       it->second.c_str());
          benchmark::AddCustomContext("skip " + what + " " + name, it->second);
          continue;
        }
        check_result r;
        r.total = 1;
        std::string s;
        std::u32string u;
        const auto t0 = clock_type::now();
        const bool ok = encode ? impl->encode_one(0, s) : impl->decode_one(0, u);
        const double took = seconds_since(t0);
        if (!ok) { ++r.error; }
        else if (encode ? s != enc_expected[0] : u != in[0]) { ++r.mismatch; r.first_bad = "differs"; }
        else ++r.ok;
        char ms[48];
        std::snprintf(ms, sizeof ms, " (one call: %.0f ms)", took * 1000);
        r.first_bad += ms;
        report_check(what, name, r);
        if (!ok) {
          stopped[name + "/" + op] = "rejects N >= " + tag;
          benchmark::AddCustomContext("skip " + what + " " + name, stopped[name + "/" + op]);
          continue;
        }
        if (took > cfg.peer_cap_seconds && name.rfind("puny", 0) != 0) {
          char why[128];
          std::snprintf(why, sizeof why, "N=%s took %.1f s for one %s (cap %.1f s)", tag.c_str(),
                        took, op.c_str(), cfg.peer_cap_seconds);
          stopped[name + "/" + op] = why;
        }
        bench::punycode_impl* p = impl.get();
        if (encode)
          add_benchmark(cfg, "long/encode/" + name + "/" + tag, n, text[0].size(),
                        [p](std::size_t& e) { return p->encode_all(e); });
        else
          add_benchmark(cfg, "long/decode/" + name + "/" + tag, n, puny[0].size(),
                        [p](std::size_t& e) { return p->decode_all(e); });
        registered = true;
      }
      if (registered) g_punycode_keep.push_back(std::move(impl));
    }
  }
  // One million code points, generated here; puny only (every peer is
  // quadratic, and the largest deltas no longer fit their 32-bit integers).
  const std::size_t n = 1000000;
  if (n > cfg.sweep_max) return;
  const std::u32string big = bench::make_long_string(n, 0x70756e79);
  for (auto& impl : bench::make_punycode_impls()) {
    if (impl->name().rfind("puny", 0) != 0) continue;
    impl->set_encode_input({big});
    std::string encoded;
    std::u32string decoded;
    check_result r;
    r.total = 1;
    if (!impl->encode_one(0, encoded)) {
      ++r.error;
      r.first_bad = "encode rejected";
    } else {
      impl->set_decode_input({encoded}, n + 16);
      if (!impl->decode_one(0, decoded)) { ++r.error; r.first_bad = "decode rejected"; }
      else if (decoded != big) { ++r.mismatch; r.first_bad = "round trip differs"; }
      else ++r.ok;
    }
    report_check("long-1000000 round trip", impl->name(), r);
    if (r.ok != 1) continue;
    bench::punycode_impl* p = impl.get();
    add_benchmark(cfg, "long/encode/" + impl->name() + "/1000000", n,
                  bench::u32_to_utf8(big).size(), [p](std::size_t& e) { return p->encode_all(e); });
    add_benchmark(cfg, "long/decode/" + impl->name() + "/1000000", n, encoded.size(),
                  [p](std::size_t& e) { return p->decode_all(e); });
    g_punycode_keep.push_back(std::move(impl));
  }
}

}  // namespace

int main(int argc, char** argv) {
  config cfg;
  std::vector<char*> rest{argv[0]};
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--data=", 0) == 0) cfg.data = a.substr(7);
    else if (a.rfind("--reps=", 0) == 0) cfg.reps = std::max(1, std::atoi(a.c_str() + 7));
    else if (a.rfind("--peer_cap_seconds=", 0) == 0) cfg.peer_cap_seconds = std::atof(a.c_str() + 19);
    else if (a == "--no_long") cfg.long_strings = false;
    else if (a == "--sweep") cfg.sweep = true;
    else if (a.rfind("--sweep_max=", 0) == 0)
      cfg.sweep_max = static_cast<std::size_t>(std::strtoull(a.c_str() + 12, nullptr, 10));
    else rest.push_back(argv[i]);
  }
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());
  if (benchmark::ReportUnrecognizedArguments(rest_argc, rest.data())) return 1;

  std::fprintf(stderr, "puny_bench: data %s\n", cfg.data.c_str());
  for (const auto& p : bench::peers()) {
    std::fprintf(stderr, "peer %-8s %s\n", p.name.c_str(),
                 p.version.empty() ? "not found at configure time" : p.version.c_str());
    benchmark::AddCustomContext("peer " + p.name, p.version.empty() ? "not found" : p.version);
  }
#if defined(__clang__)
  benchmark::AddCustomContext("compiler", "clang " __clang_version__);
#elif defined(__GNUC__)
  benchmark::AddCustomContext("compiler", "gcc " __VERSION__);
#endif
  benchmark::AddCustomContext("data", cfg.data);

  labels_benchmarks(cfg);
  idna_benchmarks(cfg);
  if (cfg.long_strings) {
    long_benchmarks(cfg);
    long_distinct_benchmarks(cfg);
  }

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
