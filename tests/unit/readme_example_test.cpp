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

TEST(Readme, LibraryExamplesMatchCompiledSources) {
  const std::string readme = read(PUNY_SOURCE_DIR "/README.md");
  for (const char* name : {"quick_start.cpp", "idna_example.cpp"}) {
    const std::string example = read(std::string(PUNY_SOURCE_DIR "/examples/") + name);
    ASSERT_FALSE(example.empty());
    EXPECT_NE(readme.find("```cpp\n" + example + "```"), std::string::npos)
        << "README.md must contain examples/" << name << " verbatim in a ```cpp block";
  }
  const std::string c_example = read(PUNY_SOURCE_DIR "/examples/c_example.c");
  ASSERT_FALSE(c_example.empty());
  EXPECT_NE(readme.find("```c\n" + c_example + "```"), std::string::npos)
      << "README.md must contain examples/c_example.c verbatim in a ```c block";
}

}  // namespace
