# Install test steps, run with cmake -P (see tests/install/CMakeLists.txt).
#
#   STEP=install       cmake --install PUNY_BUILD_DIR --prefix WORK_DIR/prefix
#                      (and, when the CLI was installed, run it once)
#   STEP=find_package  configure + build consumer/ with CMAKE_PREFIX_PATH=prefix, run it
#   STEP=pkg_config    compile consumer/main.cpp (C++) and main.c (C) with
#                      `pkg-config --cflags --libs puny`, run them
cmake_minimum_required(VERSION 3.16)

foreach(var STEP PUNY_BUILD_DIR CONSUMER_SOURCE_DIR WORK_DIR CXX_COMPILER C_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_install_test.cmake: ${var} is not set")
  endif()
endforeach()

set(prefix "${WORK_DIR}/prefix")
set(expected "puny consumer ok: bcher-kva invalid_digit xn--bcher-kva.de")
set(expected_c "puny C consumer ok: xn--bcher-kva.de invalid_digit")

function(run_checked what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

# The prefix's library directories, for LD_LIBRARY_PATH: a shared libpuny
# has no RPATH in the installed programs.
function(prefix_library_path out_var)
  file(GLOB_RECURSE libs "${prefix}/*libpuny*")
  set(dirs "")
  foreach(lib IN LISTS libs)
    get_filename_component(dir "${lib}" DIRECTORY)
    list(APPEND dirs "${dir}")
  endforeach()
  list(REMOVE_DUPLICATES dirs)
  string(REPLACE ";" ":" path "${dirs}")
  set(${out_var} "${path}" PARENT_SCOPE)
endfunction()

# Runs the consumer with the prefix's library directories on the loader path
# (needed when puny was built as a shared library).
function(run_consumer exe expected)
  prefix_library_path(path)
  run_checked("running ${exe}" ${CMAKE_COMMAND} -E env "LD_LIBRARY_PATH=${path}" "${exe}")
  string(FIND "${last_output}" "${expected}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "unexpected consumer output:\n${last_output}\nexpected: ${expected}")
  endif()
  message(STATUS "${last_output}")
endfunction()

if(STEP STREQUAL "install")
  file(REMOVE_RECURSE "${WORK_DIR}")
  set(config_args "")
  if(CONFIG)
    set(config_args --config "${CONFIG}")
  endif()
  run_checked("cmake --install" ${CMAKE_COMMAND} --install "${PUNY_BUILD_DIR}"
              --prefix "${prefix}" ${config_args})
  file(GLOB_RECURSE config_files "${prefix}/*/puny-config.cmake")
  file(GLOB_RECURSE pc_files "${prefix}/*/puny.pc")
  if(NOT config_files OR NOT pc_files OR NOT EXISTS "${prefix}/include/puny/punycode.hpp"
     OR NOT EXISTS "${prefix}/include/puny.h")
    message(FATAL_ERROR "install is missing puny-config.cmake, puny.pc or the headers")
  endif()
  if(NOT EXISTS "${prefix}/include/puny/version.hpp" OR NOT EXISTS "${prefix}/include/puny/config.hpp")
    message(FATAL_ERROR "install is missing puny/version.hpp or puny/config.hpp")
  endif()
  if(EXISTS "${prefix}/bin/puny")
    # The man page and the shell completions come with the tool.
    foreach(f share/man/man1/puny.1 share/bash-completion/completions/puny
              share/zsh/site-functions/_puny)
      if(NOT EXISTS "${prefix}/${f}")
        message(FATAL_ERROR "install is missing ${f}")
      endif()
    endforeach()
    prefix_library_path(path)
    run_checked("installed puny" ${CMAKE_COMMAND} -E env "LD_LIBRARY_PATH=${path}"
                "${prefix}/bin/puny" decode --mixed-case -- "-with-SUPER-MONKEYS-")
    if(NOT last_output STREQUAL "-with-SUPER-MONKEYS\n")
      message(FATAL_ERROR "installed puny printed '${last_output}'")
    endif()
  endif()
  message(STATUS "installed into ${prefix}")

elseif(STEP STREQUAL "find_package")
  set(build "${WORK_DIR}/consumer-cmake")
  file(REMOVE_RECURSE "${build}")
  set(gen_args "")
  if(GENERATOR)
    list(APPEND gen_args -G "${GENERATOR}")
  endif()
  if(MAKE_PROGRAM)
    list(APPEND gen_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
  endif()
  set(build_type Release)
  if(CONFIG)
    set(build_type "${CONFIG}")
  endif()
  run_checked("configuring the consumer" ${CMAKE_COMMAND} -S "${CONSUMER_SOURCE_DIR}"
              -B "${build}" ${gen_args} "-DCMAKE_PREFIX_PATH=${prefix}"
              "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DCMAKE_C_COMPILER=${C_COMPILER}"
              "-DCMAKE_BUILD_TYPE=${build_type}"
              -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON)
  run_checked("building the consumer" ${CMAKE_COMMAND} --build "${build}"
              --config "${build_type}")
  file(GLOB_RECURSE exe "${build}/puny_consumer" "${build}/*/puny_consumer"
                        "${build}/puny_consumer.exe" "${build}/*/puny_consumer.exe")
  if(NOT exe)
    message(FATAL_ERROR "consumer executable not found in ${build}")
  endif()
  list(GET exe 0 exe)
  run_consumer("${exe}" "${expected}")
  file(GLOB_RECURSE c_exe "${build}/puny_c_consumer" "${build}/*/puny_c_consumer"
                          "${build}/puny_c_consumer.exe" "${build}/*/puny_c_consumer.exe")
  if(NOT c_exe)
    message(FATAL_ERROR "C consumer executable not found in ${build}")
  endif()
  list(GET c_exe 0 c_exe)
  run_consumer("${c_exe}" "${expected_c}")

elseif(STEP STREQUAL "pkg_config")
  file(GLOB_RECURSE pc_files "${prefix}/*/puny.pc")
  if(NOT pc_files)
    message(FATAL_ERROR "puny.pc not installed under ${prefix}")
  endif()
  list(GET pc_files 0 pc)
  get_filename_component(pc_dir "${pc}" DIRECTORY)
  # puny.pc finds its prefix relative to itself, so an install to a prefix
  # other than the configured one must work as it is.
  run_checked("pkg-config" ${CMAKE_COMMAND} -E env "PKG_CONFIG_PATH=${pc_dir}"
              "${PKG_CONFIG}" --cflags --libs puny)
  string(STRIP "${last_output}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  set(exe "${WORK_DIR}/consumer-pkg-config")
  run_checked("compiling with pkg-config flags" "${CXX_COMPILER}" -std=c++17
              "${CONSUMER_SOURCE_DIR}/main.cpp" ${flags} -o "${exe}")
  run_consumer("${exe}" "${expected}")
  # The C API from a C compiler with only pkg-config's flags.
  set(c_exe "${WORK_DIR}/consumer-pkg-config-c")
  run_checked("compiling C with pkg-config flags" "${C_COMPILER}" -std=c99
              "${CONSUMER_SOURCE_DIR}/main.c" ${flags} -o "${c_exe}")
  run_consumer("${c_exe}" "${expected_c}")

else()
  message(FATAL_ERROR "unknown STEP '${STEP}'")
endif()
