// puny: compiler requirements and symbol visibility, included by every
// public header.
#pragma once

// C++17 is required (std::string_view, inline variables, nested namespaces).
// MSVC reports __cplusplus as 199711L unless /Zc:__cplusplus is given, so
// its _MSVC_LANG is checked instead.
#if defined(_MSVC_LANG)
#if _MSVC_LANG < 201703L
#error "puny needs C++17 or later (compile with /std:c++17)"
#endif
#elif !defined(__cplusplus) || __cplusplus < 201703L
#error "puny needs C++17 or later (compile with -std=c++17)"
#endif

// The library is compiled with hidden visibility (CMake
// CXX_VISIBILITY_PRESET hidden): a shared libpuny exports exactly what the
// public headers declare between PUNY_PUBLIC_BEGIN and PUNY_PUBLIC_END,
// never the internal tables and helpers of src/.
#if defined(__GNUC__) && !defined(_WIN32)
#define PUNY_PUBLIC_BEGIN _Pragma("GCC visibility push(default)")
#define PUNY_PUBLIC_END _Pragma("GCC visibility pop")
#else
#define PUNY_PUBLIC_BEGIN
#define PUNY_PUBLIC_END
#endif
