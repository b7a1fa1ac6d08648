// Fuzz target: e-mail addresses (puny::email::validate).
//
// Input layout: one byte of option bits (quoted local parts, address
// literals, empty local part, display name, SMTPUTF8, global domain, and
// the display and local part checks), then the address as UTF-8, may be
// ill-formed.
//
// Properties:
//  1. Never a crash; a failure leaves every field empty and points inside
//     the input (offset <= size).
//  2. normalized re-validates, under the same options, to itself (the
//     normalized form is a fixed point), with the same ascii_email and
//     smtputf8.
//  3. ascii_email, when present, is ASCII, re-validates with SMTPUTF8
//     refused, and its normalized form is the ascii_email itself; it is
//     present exactly when the local part is ASCII (smtputf8 false).
//  4. The RFC 5321 limits hold on what travels.
//  5. validate into a reused address gives what a fresh one gives.
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "puny/email.hpp"

namespace {

bool is_ascii(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (puny::fuzz::beyond_size_limit(size)) return 0;
  namespace email = puny::email;
  puny::fuzz::reader rd(data, size);
  const std::uint8_t bits = rd.byte();
  const std::string_view in = rd.rest();
  email::options opt;
  opt.allow_quoted_local_part = bits & 1;
  opt.allow_address_literal = bits & 2;
  opt.allow_empty_local_part = bits & 4;
  opt.allow_display_name = bits & 8;
  opt.allow_smtputf8 = !(bits & 16);
  opt.require_global_domain = !(bits & 32);
  opt.check_display = bits & 64;
  opt.check_local_part_security = bits & 128;

  const auto r = email::validate(in, opt);
  // 1.
  if (!r.ok()) {
    PUNY_FUZZ_CHECK(r.status.offset <= in.size());
    PUNY_FUZZ_CHECK(r.value.normalized.empty() && r.value.local_part.empty() &&
                    r.value.domain.empty() && r.value.ascii_email.empty());
    return 0;
  }
  const email::address& a = r.value;
  // 4.
  PUNY_FUZZ_CHECK(a.local_part.size() <= email::max_local_part_octets);
  PUNY_FUZZ_CHECK(a.ascii_domain.size() <= email::max_domain_octets);
  PUNY_FUZZ_CHECK(a.local_part.size() + 1 + a.ascii_domain.size() <= email::max_address_octets);
  PUNY_FUZZ_CHECK(a.normalized == a.local_part + "@" + a.domain);
  PUNY_FUZZ_CHECK(is_ascii(a.ascii_domain));
  // 2.
  {
    email::options again_opt = opt;
    again_opt.allow_display_name = false;  // normalized carries no display name
    const auto again = email::validate(a.normalized, again_opt);
    PUNY_FUZZ_CHECK(again.ok());
    PUNY_FUZZ_CHECK(again.value.normalized == a.normalized);
    PUNY_FUZZ_CHECK(again.value.ascii_email == a.ascii_email);
    PUNY_FUZZ_CHECK(again.value.smtputf8 == a.smtputf8);
  }
  // 3.
  PUNY_FUZZ_CHECK(a.ascii_email.empty() == a.smtputf8);
  PUNY_FUZZ_CHECK(a.smtputf8 == !is_ascii(a.local_part));
  if (!a.ascii_email.empty()) {
    PUNY_FUZZ_CHECK(is_ascii(a.ascii_email));
    email::options ascii_opt = opt;
    ascii_opt.allow_display_name = false;
    ascii_opt.allow_smtputf8 = false;
    const auto again = email::validate(a.ascii_email, ascii_opt);
    PUNY_FUZZ_CHECK(again.ok());
    PUNY_FUZZ_CHECK(again.value.ascii_email == a.ascii_email);
    PUNY_FUZZ_CHECK(again.value.normalized == a.normalized);
  }
  // 5.
  email::address reused;
  (void)email::validate("x@example.com", opt, reused);
  const puny::status s = email::validate(in, opt, reused);
  PUNY_FUZZ_CHECK(s.ok() && reused.normalized == a.normalized &&
                  reused.ascii_email == a.ascii_email && reused.display_name == a.display_name &&
                  reused.local_part_safe == a.local_part_safe);
  return 0;
}
