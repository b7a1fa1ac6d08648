// The documents show the example programs that the test suite compiles and
// runs (examples/, tests example.*): this keeps each shown copy identical to
// its source, so no document can show code that no longer builds.
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

void expect_shown(const char* document, const char* example, const char* fence) {
  const std::string text = read(std::string(PUNY_SOURCE_DIR "/") + document);
  const std::string source = read(std::string(PUNY_SOURCE_DIR "/examples/") + example);
  ASSERT_FALSE(source.empty()) << example;
  EXPECT_NE(text.find(std::string("```") + fence + "\n" + source + "```"), std::string::npos)
      << document << " must contain examples/" << example << " verbatim in a ```" << fence << " block";
}

TEST(DocsExamples, LibraryExamplesMatchCompiledSources) {
  expect_shown("docs/library.md", "quick_start.cpp", "cpp");
  expect_shown("docs/library.md", "idna_example.cpp", "cpp");
}

TEST(DocsExamples, CExampleMatchesCompiledSource) {
  expect_shown("docs/c-and-python.md", "c_example.c", "c");
}

}  // namespace
