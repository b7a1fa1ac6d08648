// Compiled by compile_checks.cmake with -std=c++14: must stop at the
// "#error" of puny/config.hpp, not somewhere deep in a header.
#include "puny/idna.hpp"
#include "puny/punycode.hpp"
#include "puny/version.hpp"

int main() { return 0; }
