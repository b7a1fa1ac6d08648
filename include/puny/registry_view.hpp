// puny: a read-only view of one of the library's static registries (the
// presets and flag words of puny/presets.hpp, the display profiles of
// puny/display.hpp), which every surface lists instead of keeping its own.
#pragma once

#include "puny/config.hpp"

#include <cstddef>

PUNY_PUBLIC_BEGIN
namespace puny {

// C++17 has no std::span.
template <class T>
struct registry_view {
  const T* first = nullptr;
  std::size_t count = 0;
  const T* begin() const noexcept { return first; }
  const T* end() const noexcept { return first + count; }
  std::size_t size() const noexcept { return count; }
  const T& operator[](std::size_t i) const noexcept { return first[i]; }
};

}  // namespace puny
PUNY_PUBLIC_END
