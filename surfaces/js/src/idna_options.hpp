// puny for JavaScript: the option word of the IDNA levels (surfaces/js/lib/api.js
// builds it from the core's registry, presets.cpp writes it).
#pragma once

#include "puny/idna.hpp"
#include "puny/presets.hpp"

namespace {

// The flag bits (puny::option_bits), and from bit 16 the
// preset's index in puny::presets() plus one (so the IDNA2008 presets,
// which are no flag set, are reachable by name); surfaces/js/lib/api.js builds them.
constexpr unsigned preset_shift = 16;

// The IDNA2008 preset the bits name, or nullptr (a UTS #46 preset).
inline const puny::preset* idna2008_of(unsigned bits) {
  const unsigned index = (bits >> preset_shift) & 0xFFu;
  if (index == 0 || index > puny::presets().size()) return nullptr;
  const puny::preset& p = puny::presets()[index - 1];
  return p.family == puny::preset_family::idna2008 ? &p : nullptr;
}

// The option word's flag bits are the core's (puny::option_bits, each
// flag's stable `bit` in puny::option_flags(), url_family_bit); the preset
// index above them is ignored there.
inline puny::idna::options options_of(unsigned bits) { return puny::options_from_bits(bits); }

inline unsigned option_bits(const puny::idna::options& o) { return puny::option_bits(o); }

}  // namespace
