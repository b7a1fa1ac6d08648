// puny: Unicode simple case mapping (UnicodeData.txt fields 12 and 13).
#pragma once

#include "puny/config.hpp"

PUNY_PUBLIC_BEGIN
namespace puny::unicode {

// Simple_Uppercase_Mapping and Simple_Lowercase_Mapping of the build's Unicode version
// (the same version as every other table, see unicode_version): one code
// point to one code point, independent of locale.  Code points without a
// mapping, and values that are not code points, are returned unchanged.
//
// These are the 1:1 mappings only: U+00DF stays U+00DF under
// simple_uppercase (its full uppercase "SS" is SpecialCasing.txt), and
// U+0130 lowercases to plain U+0069.
char32_t simple_uppercase(char32_t c) noexcept;
char32_t simple_lowercase(char32_t c) noexcept;

}  // namespace puny::unicode
PUNY_PUBLIC_END
