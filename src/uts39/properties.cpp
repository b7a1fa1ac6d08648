// UTS #39 section 3.1: Identifier_Status and Identifier_Type, plus
// Default_Ignorable_Code_Point, from one generated three-stage table.
#include <cstdint>
#include <string_view>

#include "puny/uts39.hpp"
#include "uts39/internal.hpp"
#include "unicode/trie.hpp"

namespace puny::detail::ucd {
#include "uts39_properties.inc"
}  // namespace puny::detail::ucd

namespace puny::uts39 {
namespace {

// Bit layout of the table (tools/gen_tables/gen_tables.py, UTS39_*_BIT).
constexpr std::uint16_t type_mask = 0x0FFF;
constexpr std::uint16_t allowed_bit = 1u << 12;
constexpr std::uint16_t default_ignorable_bit = 1u << 13;

std::uint16_t properties_of(char32_t c) noexcept {
  return static_cast<std::uint16_t>(detail::ucd::uts39_properties_trie(c));
}

}  // namespace

identifier_status identifier_status_of(char32_t c) noexcept {
  return (properties_of(c) & allowed_bit) != 0 ? identifier_status::allowed
                                               : identifier_status::restricted;
}

identifier_types identifier_types_of(char32_t c) noexcept {
  return identifier_types{static_cast<std::uint16_t>(properties_of(c) & type_mask)};
}

std::string_view to_string(identifier_type t) noexcept {
  switch (t) {
    case identifier_type::not_character: return "Not_Character";
    case identifier_type::deprecated: return "Deprecated";
    case identifier_type::default_ignorable: return "Default_Ignorable";
    case identifier_type::not_nfkc: return "Not_NFKC";
    case identifier_type::not_xid: return "Not_XID";
    case identifier_type::exclusion: return "Exclusion";
    case identifier_type::obsolete: return "Obsolete";
    case identifier_type::technical: return "Technical";
    case identifier_type::uncommon_use: return "Uncommon_Use";
    case identifier_type::limited_use: return "Limited_Use";
    case identifier_type::inclusion: return "Inclusion";
    case identifier_type::recommended: return "Recommended";
  }
  return "";
}

}  // namespace puny::uts39

namespace puny::detail::uts39 {
bool is_default_ignorable(char32_t c) noexcept {
  return (puny::uts39::properties_of(c) & puny::uts39::default_ignorable_bit) != 0;
}
}  // namespace puny::detail::uts39
