// Library-wide guarantees: version, thread safety, and the removed
// max_guaranteed_encode_length constant.
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/unicode.hpp"
#include "puny/version.hpp"

#ifndef PUNY_BENCH_DATA_DIR
#error "PUNY_BENCH_DATA_DIR must name ../shared/bench/data"
#endif

// A stand-in found by qualified lookup only when puny::punycode has no
// max_guaranteed_encode_length of its own (a namespace's own members hide
// those brought in by a using-directive).
namespace probe {
struct absent {};
inline constexpr absent max_guaranteed_encode_length{};
}  // namespace probe
namespace puny::punycode {
using namespace ::probe;
}

namespace {

TEST(Api, VersionMacrosAndFunctionAgree) {
  const puny::version_info v = puny::version();
  EXPECT_EQ(v.major, PUNY_VERSION_MAJOR);
  EXPECT_EQ(v.minor, PUNY_VERSION_MINOR);
  EXPECT_EQ(v.patch, PUNY_VERSION_PATCH);
  EXPECT_EQ(v.string, PUNY_VERSION_STRING);
  EXPECT_EQ(v.string, std::to_string(v.major) + "." + std::to_string(v.minor) + "." +
                          std::to_string(v.patch));
  EXPECT_EQ(v.unicode, puny::unicode::unicode_version);
  EXPECT_EQ(PUNY_VERSION, PUNY_VERSION_MAJOR * 10000 + PUNY_VERSION_MINOR * 100 + PUNY_VERSION_PATCH);
}

TEST(Api, NoMaxGuaranteedEncodeLengthConstant) {
  // It named a sufficient bound (2^42), not the real limit: removed.
  static_assert(std::is_same_v<std::decay_t<decltype(puny::punycode::max_guaranteed_encode_length)>,
                               probe::absent>,
                "puny::punycode::max_guaranteed_encode_length is back");
  SUCCEED();
}

std::vector<std::string> sample_names() {
  std::ifstream in(std::string(PUNY_BENCH_DATA_DIR) + "/domains-mixed.txt", std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open domains-mixed.txt";
  std::vector<std::string> names;
  std::string line;
  while (names.size() < 20000 && std::getline(in, line)) names.push_back(line);
  names.push_back("a\xE2\x80\x8C" "b.de");                // error path
  names.push_back(std::string(70000, 'a') + "\xC3\xBC");  // grows the workspace
  return names;
}

struct results {
  std::vector<std::string> ascii, unicode, buffer_ascii, puny;
  std::vector<puny::errc> codes;
};

results convert_all(const std::vector<std::string>& names, const puny::idna::options& opt) {
  results r;
  std::vector<char> buf(1 << 18);
  for (const std::string& n : names) {
    const auto a = puny::idna::to_ascii(n, opt);
    r.ascii.push_back(a.value);
    r.codes.push_back(a.status.code);
    r.unicode.push_back(puny::idna::to_unicode(n, opt).value);
    std::size_t written = 0;
    const puny::status s = puny::idna::to_ascii(n, buf.data(), buf.size(), written, opt);
    r.buffer_ascii.push_back(s.ok() ? std::string(buf.data(), written) : "!");
    r.puny.push_back(puny::punycode::encode_utf8(n).value);
  }
  return r;
}

// Documented guarantee (docs/api-guarantees.md): every function may be
// called from any number of threads at once; the only mutable state is
// per thread.  Eight threads convert the same names with different presets
// at once, and each must get exactly the single-threaded results.
TEST(Api, ThreadsConvertingAtOnceGetTheSingleThreadedResults) {
  const std::vector<std::string> names = sample_names();
  const puny::idna::options presets[] = {puny::idna::uts46_default, puny::idna::url,
                                         puny::idna::registration, puny::idna::url_strict};
  std::vector<results> expected;
  for (const auto& p : presets) expected.push_back(convert_all(names, p));

  constexpr int thread_count = 8;
  std::vector<results> got(thread_count);
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < thread_count; ++t) {
    threads.emplace_back([&, t] {
      ++ready;
      while (ready.load() < thread_count) std::this_thread::yield();  // start together
      got[t] = convert_all(names, presets[t % 4]);
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < thread_count; ++t) {
    const results& want = expected[t % 4];
    EXPECT_EQ(got[t].ascii, want.ascii) << "thread " << t;
    EXPECT_EQ(got[t].unicode, want.unicode) << "thread " << t;
    EXPECT_EQ(got[t].buffer_ascii, want.buffer_ascii) << "thread " << t;
    EXPECT_EQ(got[t].puny, want.puny) << "thread " << t;
    EXPECT_EQ(got[t].codes, want.codes) << "thread " << t;
  }
}

}  // namespace
