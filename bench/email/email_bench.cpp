// puny_email_bench: puny::email::validate per address over a workload file
// (one address a line, from bench/email/run.py), default options.  Prints
// one JSON object: the count of valid addresses (checked against the
// peers by run.py) and the median ns per address over the repetitions.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "puny/email.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: puny_email_bench WORKLOAD [REPS]\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "puny_email_bench: cannot read %s\n", argv[1]);
    return 2;
  }
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  const int reps = argc > 2 ? std::max(1, std::atoi(argv[2])) : 7;
  puny::email::address out;  // reused: the form that allocates least
  std::size_t valid = 0;
  for (const std::string& l : lines) valid += puny::email::validate(l, {}, out).ok();
  std::vector<double> ns;
  for (int r = 0; r < reps; ++r) {
    std::size_t sink = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (const std::string& l : lines) sink += puny::email::validate(l, {}, out).ok();
    const auto t1 = std::chrono::steady_clock::now();
    if (sink != valid) return 1;
    ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / lines.size());
  }
  std::sort(ns.begin(), ns.end());
  // The minimum too: on a shared machine it is the least disturbed run.
  std::printf(
      "{\"addresses\": %zu, \"valid\": %zu, \"ns_per_address\": %.1f, \"min_ns_per_address\": "
      "%.1f, \"reps\": %d}\n",
      lines.size(), valid, ns[ns.size() / 2], ns.front(), reps);
  return 0;
}
