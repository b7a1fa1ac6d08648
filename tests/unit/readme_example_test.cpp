// README.md shows examples/quick_start.cpp; this keeps the two identical so
// the example in the README is the one the test suite compiles and runs.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace {

std::string read(const std::string& path) {
  std::ifstream f(path);
  EXPECT_TRUE(f) << "cannot read " << path;
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(Readme, LibraryExampleMatchesCompiledSource) {
  const std::string readme = read(PUNY_SOURCE_DIR "/README.md");
  const std::string example = read(PUNY_SOURCE_DIR "/examples/quick_start.cpp");
  ASSERT_FALSE(example.empty());
  EXPECT_NE(readme.find("```cpp\n" + example + "```"), std::string::npos)
      << "README.md must contain examples/quick_start.cpp verbatim in a ```cpp block";
}

}  // namespace
