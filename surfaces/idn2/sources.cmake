# The libidn2-compatible library's sources, for surfaces/idn2/CMakeLists.txt
# and fuzz/CMakeLists.txt (fuzz_idn2_differential compiles them in,
# instrumented): one list, so that a new file reaches both.
set(PUNY_IDN2_SOURCES
  idn2.cpp name_checks.cpp to_unicode.cpp locale.cpp errors.cpp punycode_compat.cpp)
list(TRANSFORM PUNY_IDN2_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
