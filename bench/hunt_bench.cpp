// puny hunt benchmark (bench/README.md "Lookalike hunting"): index build
// time and size for 10,000 generated brands, then names per second on one
// core with every rule on, over real names (domains-mixed) and over
// lookalikes of the brands (every one a match, so the display verdict runs).
//
//   puny_hunt_bench [BRANDS] [ROUNDS] [mixed]   (defaults 10000, 3)
//
// With "mixed" only domains-mixed runs (for callgrind: instructions per
// name that matches nothing, without the lookalike runs mixed in).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "puny/hunt.hpp"

#ifndef PUNY_BENCH_DATA_DIR
#define PUNY_BENCH_DATA_DIR "../shared/bench/data"
#endif

namespace {

long rss_kib() {
  std::ifstream f("/proc/self/status");
  std::string key;
  long value = 0;
  while (f >> key) {
    if (key == "VmRSS:") {
      f >> value;
      return value;
    }
    std::getline(f, key);
  }
  return 0;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

double run(const std::vector<std::string>& names, const puny::hunt::brand_index& idx,
           const puny::hunt::options& opt, int rounds, std::size_t& matched) {
  puny::hunt::report r;
  double best = 0;
  for (int round = 0; round < rounds; ++round) {
    matched = 0;
    auto t = std::chrono::steady_clock::now();
    for (const std::string& n : names) {
      puny::hunt::find(n, idx, opt, r);
      matched += !r.matches.empty();
    }
    double rate = names.size() / seconds_since(t);
    if (rate > best) best = rate;
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t brand_count = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 10000;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
  const bool mixed_only = argc > 3 && std::string(argv[3]) == "mixed";
  // Brands: pronounceable labels of 5..12 letters under a few suffixes.
  std::mt19937 rng(39);
  const char* cons = "bcdfghjklmnprstvwz";
  const char* vow = "aeiou";
  const char* suffixes[] = {"com", "net", "org", "de", "co.uk", "fr", "io"};
  std::string list;
  std::vector<std::string> labels;
  for (std::size_t i = 0; i < brand_count; ++i) {
    std::string l;
    std::size_t len = 5 + rng() % 8;
    while (l.size() < len) l += (l.size() % 2 ? vow[rng() % 5] : cons[rng() % 18]);
    labels.push_back(l);
    list += l + "." + suffixes[rng() % 7] + "\n";
  }
  long rss0 = rss_kib();
  auto t = std::chrono::steady_clock::now();
  puny::hunt::brand_index idx;
  puny::display::list_error err;
  if (!puny::hunt::brand_index::parse(list, "generated", idx, err)) {
    std::fprintf(stderr, "%s\n", err.text.c_str());
    return 1;
  }
  double build = seconds_since(t);
  long rss1 = rss_kib();
  std::printf("brands %zu (unique %zu), index build %.3f s, estimated %.1f MiB, RSS +%.1f MiB\n",
              brand_count, idx.size(), build, idx.memory_bytes() / 1048576.0,
              (rss1 - rss0) / 1024.0);

  std::vector<std::string> benign;
  {
    std::ifstream f(PUNY_BENCH_DATA_DIR "/domains-mixed.txt");
    for (std::string line; std::getline(f, line);)
      if (!line.empty()) benign.push_back(line);
  }
  // Lookalikes: one edit, one homoglyph, one embedding, one combo per brand.
  std::vector<std::string> lookalikes;
  for (std::size_t i = 0; i < labels.size() && lookalikes.size() < 100000; ++i) {
    const std::string& l = labels[i];
    lookalikes.push_back(l.substr(0, 2) + l.substr(3) + ".com");
    lookalikes.push_back(l + l.back() + ".net");
    lookalikes.push_back("login." + l + ".com-secure.example.org");
    lookalikes.push_back(l + "-login.com");
  }
  puny::hunt::options with_verdict, without_verdict;
  without_verdict.verdict = false;
  // Every match, weak evidence too (as measured before the alert threshold
  // became the default), so that the figures stay comparable.
  with_verdict.min_score = without_verdict.min_score = 0;
  std::size_t matched = 0;
  double rate = run(benign, idx, with_verdict, rounds, matched);
  std::printf("domains-mixed  %zu names: %.0f names/s, %zu matched\n", benign.size(), rate,
              matched);
  if (mixed_only) return 0;
  rate = run(lookalikes, idx, with_verdict, rounds, matched);
  std::printf("lookalikes     %zu names: %.0f names/s with the display verdict, %zu matched\n",
              lookalikes.size(), rate, matched);
  rate = run(lookalikes, idx, without_verdict, rounds, matched);
  std::printf("lookalikes     %zu names: %.0f names/s without the verdict\n", lookalikes.size(),
              rate);
  return 0;
}
