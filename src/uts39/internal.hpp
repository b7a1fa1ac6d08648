// Internal to src/uts39/: lookups shared by its translation units.  Each
// generated UTS #39 table (src/tables/<version>/uts39_*.inc) is included by
// exactly one .cpp file here, so a program that does not call these
// functions does not link the tables.
#pragma once

#include <cstdint>
#include <string_view>

#include "puny/uts39.hpp"

namespace puny::detail::uts39 {

// Default_Ignorable_Code_Point (DerivedCoreProperties.txt), removed by
// skeleton (UTS #39 section 4, step 2).
bool is_default_ignorable(char32_t c) noexcept;

// The confusables.txt prototype of c, or an empty view when c is unlisted
// (its prototype is then c itself).
std::u32string_view prototype_view(char32_t c) noexcept;

}  // namespace puny::detail::uts39
