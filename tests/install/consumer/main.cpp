// Consumer of an installed puny: built by tests/install with find_package and
// with pkg-config.  Prints "puny consumer ok" and the results on success.
#include <cstdio>
#include <string>

#include <puny/idna.hpp>
#include <puny/punycode.hpp>
#include <puny/status.hpp>

#ifndef PUNY_FOUND_VERSION
#define PUNY_FOUND_VERSION "pkg-config"
#endif

int main() {
  const std::string buecher = "b\xc3\xbc" "cher";  // "bücher" in UTF-8
  const auto encoded = puny::punycode::encode_utf8(buecher);
  if (!encoded.ok() || encoded.value != "bcher-kva") {
    std::printf("encode failed: %s\n", std::string(puny::to_string(encoded.status.code)).c_str());
    return 1;
  }
  const auto decoded = puny::punycode::decode_to_utf8("bcher-kva");
  if (!decoded.ok() || decoded.value != buecher) {
    std::printf("decode failed\n");
    return 1;
  }
  const auto bad = puny::punycode::decode_to_utf8("ab!c");
  if (bad.ok() || bad.status.code != puny::errc::invalid_digit) {
    std::printf("error reporting failed\n");
    return 1;
  }
  const auto ascii = puny::idna::to_ascii(buecher + ".de");  // links the IDNA tables too
  if (!ascii.ok() || ascii.value != "xn--bcher-kva.de") {
    std::printf("to_ascii failed\n");
    return 1;
  }
  std::printf("puny consumer ok: %s %s %s (%s)\n", encoded.value.c_str(),
              std::string(puny::to_string(bad.status.code)).c_str(), ascii.value.c_str(),
              PUNY_FOUND_VERSION);
  return 0;
}
