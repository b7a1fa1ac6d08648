// puny_count: one pass of one benchmark workload through puny, for
// instruction counts (bench/instructions.sh runs it under Callgrind).
//
//   puny_count WORKLOAD [DATA_DIR]     prints "items code_points" of the workload
//   puny_count --list                  the workloads
//
// Only puny_count_measured() is counted (callgrind --toggle-collect): the
// data is read and converted to the API's native form before it, with the
// same adapters bench/puny_bench times (bench/impls.hpp), so a count is
// the library's cost for that pass and nothing else.  Instruction counts do
// not move with the machine's load: a change's cost can be judged on a busy
// machine.  The IDNA workloads make one uncounted call first (see below).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <functional>
#include <string>
#include <vector>

#include "impls.hpp"
#include "workload.hpp"

namespace {

struct workload {
  const char* name;
  const char* what;
};

constexpr workload workloads[] = {
    {"labels/encode", "Punycode encode of the 10,024 labels of labels.txt"},
    {"labels/decode", "Punycode decode of labels.puny.txt"},
    {"domains-mixed/to_ascii", "UTS #46 ToASCII of the 100,000 real-world names"},
    {"domains-idn/to_ascii", "UTS #46 ToASCII of the 20,000 IDN names"},
    {"domains-idn.ascii/to_unicode", "UTS #46 ToUnicode of the 20,000 ACE names"},
    {"url-mixed/to_ascii", "the URL Standard's domain to ASCII (url preset) of the real-world names"},
    {"ascii-lower/to_ascii", "UTS #46 ToASCII of the valid lowercase ASCII names of domains-mixed"},
    {"ascii-lower/lower-copy", "the floor: a lowercase copy of the same names, g++'s vectorized loop"},
    {"ascii-lower/lower-copy-sse2", "the strict floor: the same copy in 8-byte SSE2 blocks (impls_floor.cpp)"},
    {"long-1024/decode", "Punycode decode of one string of 1,024 code points"},
    {"long-1024/encode", "Punycode encode of one string of 1,024 code points"},
    {"long-65536/decode", "Punycode decode of one string of 65,536 code points"},
    {"long-65536/encode", "Punycode encode of one string of 65,536 code points"},
};

std::function<std::size_t(std::size_t&)> g_pass;

}  // namespace

// The counted region (callgrind --toggle-collect=puny_count_measured).
extern "C" __attribute__((noinline)) std::size_t puny_count_measured(std::size_t& errors) {
  return g_pass(errors);
}

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "--list") == 0) {
    for (const workload& w : workloads) std::printf("%s\t%s\n", w.name, w.what);
    return 0;
  }
  if (argc < 2) {
    std::fprintf(stderr, "usage: puny_count WORKLOAD [DATA_DIR] | --list\n");
    return 2;
  }
  const std::string name = argv[1];
  const std::string data = argc > 2 ? argv[2] : PUNY_BENCH_DATA_DIR;
  bool known = false;
  for (const workload& w : workloads) known = known || name == w.name;
  if (!known) {
    std::fprintf(stderr, "puny_count: unknown workload %s (--list)\n", name.c_str());
    return 2;
  }

  std::size_t items = 0, code_points = 0;
  const auto count_code_points = [](const std::vector<std::string>& lines) {
    std::size_t n = 0;
    for (const auto& l : lines) n += bench::utf8_to_u32(l).size();
    return n;
  };
  auto punycode = std::move(bench::make_punycode_impls().front());  // puny itself
  std::unique_ptr<bench::idna_impl> idna;
  const std::string op = name.substr(name.find('/') + 1);
  const std::string set = name.substr(0, name.find('/'));

  if (set == "labels" || set.rfind("long-", 0) == 0) {
    const std::string base = set == "labels" ? data + "/labels" : data + "/" + set;
    const auto text = bench::read_lines(base + ".txt");
    const auto puny = bench::read_lines(base + ".puny.txt");
    std::vector<std::u32string> labels;
    std::size_t longest = 0;
    for (const auto& l : text) {
      labels.push_back(bench::utf8_to_u32(l));
      longest = std::max(longest, labels.back().size());
    }
    items = labels.size();
    code_points = count_code_points(text);
    if (op == "encode") {
      punycode->set_encode_input(labels);
      g_pass = [&](std::size_t& e) { return punycode->encode_all(e); };
    } else {
      punycode->set_decode_input(puny, longest + 16);
      g_pass = [&](std::size_t& e) { return punycode->decode_all(e); };
    }
  } else {
    const bool url = set.rfind("url-", 0) == 0;
    const bool ascii = set == "ascii-lower";
    const std::string file = url ? "domains-" + set.substr(4) : ascii ? "domains-mixed" : set;
    auto names = bench::read_lines(data + "/" + file + ".txt");
    if (ascii) names = bench::ascii_lowercase_names(names);
    const bool floor = op.rfind("lower-copy", 0) == 0;
    if (floor) {  // a floor, counted the same way (impls_floor.cpp)
      for (auto& f : bench::make_floor_impls())
        if (f->name() == op) idna = std::move(f);
      if (!idna) {
        std::fprintf(stderr, "puny_count: no floor %s on this target\n", op.c_str());
        return 2;
      }
    } else
      idna = std::move(bench::make_idna_impls(url ? bench::idna_rules::url : bench::idna_rules::uts46).front());
    idna->set_input(names);
    items = names.size();
    code_points = count_code_points(names);
    if (op == "to_ascii" || floor)
      g_pass = [&](std::size_t& e) { return idna->to_ascii_all(e); };
    else
      g_pass = [&](std::size_t& e) { return idna->to_unicode_all(e); };
    // One call before the counted pass, as any program has made before its
    // millionth name: the calling thread's workspace gets its first buffers.
    std::string first;
    if (!names.empty()) {
      if (op == "to_ascii" || floor)
        (void)idna->to_ascii_one(0, first);
      else
        (void)idna->to_unicode_one(0, first);
    }
  }
#if defined(__GLIBC__)
  // The heap that reading the data left behind is consolidated here, not by
  // the first allocation inside the counted pass that needs it (glibc's
  // malloc_consolidate: 0.8 to 2.3 million instructions once, 33 to 64 a
  // name on the IDNA workloads, none of it the library's work).
  malloc_trim(0);
#endif
  std::size_t errors = 0;
  const std::size_t output = puny_count_measured(errors);
  std::printf("%zu %zu %zu %zu\n", items, code_points, errors, output);
  return 0;
}
