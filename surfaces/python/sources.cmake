# The extension's sources (one job per file, src/binding.hpp lists them),
# for surfaces/python/CMakeLists.txt and tests/scale (which builds the
# same module into its own package folder).
set(PUNY_PYTHON_SOURCES
  src/module.cpp src/text.cpp src/errors.cpp src/options.cpp src/single.cpp
  src/record_type.cpp src/bulk.cpp src/explain.cpp src/display.cpp
  src/email_binding.cpp src/idna_api.cpp src/hunt.cpp src/interrupt.cpp)
list(TRANSFORM PUNY_PYTHON_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
# The core's Punycode step recorder (src/explain/punycode_trace.hpp,
# header-only), which every explainer shares; tests/layout grants it.
set(PUNY_PYTHON_INCLUDE_DIRS ${CMAKE_CURRENT_LIST_DIR}/../../src)
