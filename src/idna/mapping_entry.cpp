// UTS #46 section 5: one row of IdnaMappingTable.txt through the public
// API (puny::idna::mapping_of), for callers that map code points
// themselves (the Python package's idna.uts46_remap).  The pipeline's own
// Map step (map.cpp) reads the same table.
#include "puny/idna.hpp"

#include "unicode/ucd.hpp"

namespace puny::idna {

mapping_entry mapping_of(char32_t c) {
  namespace ucd = puny::detail::ucd;
  if (c > 0x10FFFF) return {mapping_status::disallowed, {}};
  const ucd::idna_entry e = ucd::idna_lookup(c);
  switch (e.status) {
    case ucd::idna_status::valid:
      return {mapping_status::valid, {}};
    case ucd::idna_status::ignored:
      return {mapping_status::ignored, {}};
    case ucd::idna_status::mapped:
      return {mapping_status::mapped, std::u32string(e.mapping())};
    case ucd::idna_status::deviation:
      return {mapping_status::deviation, std::u32string(e.mapping())};
    case ucd::idna_status::disallowed:
      break;
  }
  return {mapping_status::disallowed, {}};
}

}  // namespace puny::idna
