// Internal to src/email/: the pieces email.cpp assembles.
#pragma once

#include <string_view>

namespace puny::detail::email {

// RFC 5321 section 4.1.3: whether `text` (between the brackets) is an
// IPv4-address-literal or an IPv6-address-literal ("IPv6:" then IPv6-full,
// IPv6-comp, IPv6v4-full or IPv6v4-comp).  General-address-literal tags
// other than IPv6 are refused: none is registered.
bool is_address_literal(std::string_view text) noexcept;

}  // namespace puny::detail::email
