# Compile-time checks of the public headers (ctest api.*), run with
#   cmake -DCHECK=nodiscard|cxx14 -DCXX=... -DINCLUDES="a;b" -DSOURCE_DIR=... -P
# nodiscard: every discarded call in discarded_results.cpp draws one
#            nodiscard diagnostic (-Wunused-result);
# cxx14:     including the headers below C++17 fails with puny's #error.
set(_inc)
foreach(dir IN LISTS INCLUDES)
  list(APPEND _inc "-I${dir}")
endforeach()

if(CHECK STREQUAL "nodiscard")
  file(STRINGS ${SOURCE_DIR}/discarded_results.cpp _calls REGEX "// discarded$")
  list(LENGTH _calls _expected)
  execute_process(COMMAND ${CXX} -std=c++17 -fsyntax-only -Wunused-result ${_inc}
                          ${SOURCE_DIR}/discarded_results.cpp
                  RESULT_VARIABLE _rc ERROR_VARIABLE _err OUTPUT_VARIABLE _out)
  string(REGEX MATCHALL "attribute[^\n]*nodiscard|nodiscard[^\n]*attribute" _hits "${_err}")
  list(LENGTH _hits _found)
  message(STATUS "nodiscard diagnostics: ${_found} of ${_expected} discarded calls")
  if(NOT _rc EQUAL 0 OR NOT _found EQUAL _expected)
    message(FATAL_ERROR "expected ${_expected} nodiscard warnings, got ${_found} (exit ${_rc}):\n${_err}")
  endif()
elseif(CHECK STREQUAL "cxx14")
  execute_process(COMMAND ${CXX} -std=c++14 -fsyntax-only ${_inc} ${SOURCE_DIR}/include_all.cpp
                  RESULT_VARIABLE _rc ERROR_VARIABLE _err OUTPUT_VARIABLE _out)
  if(_rc EQUAL 0)
    message(FATAL_ERROR "the headers compiled as C++14")
  endif()
  string(REGEX MATCHALL "#error" _errors "${_err}")
  list(LENGTH _errors _count)
  if(NOT _err MATCHES "puny needs C\\+\\+17 or later")
    message(FATAL_ERROR "C++14 failed without puny's #error:\n${_err}")
  endif()
  message(STATUS "C++14 stops at: puny needs C++17 or later")
else()
  message(FATAL_ERROR "unknown CHECK '${CHECK}'")
endif()
