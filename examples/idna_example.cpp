// UTS #46: whole domain names, with the failed check named.
#include <cstdio>
#include <puny/idna.hpp>

int main() {
  puny::result<std::string> a = puny::idna::to_ascii("Bücher.example");
  std::printf("%s\n", a.value.c_str());  // xn--bcher-kva.example

  puny::result<std::string> u = puny::idna::to_unicode("xn--bcher-kva.example");
  std::printf("%s\n", u.value.c_str());  // bücher.example

  puny::result<std::string> bad = puny::idna::to_ascii("a\u200d.example");
  if (!bad.ok())  // contextj (C2) in label 0 at byte 1
    std::printf("%s (%s) in label %zu at byte %zu\n",
                std::string(puny::to_string(bad.status.code)).c_str(),
                std::string(puny::idna::uts46_code(bad.status)).c_str(), bad.status.label,
                bad.status.offset);

  puny::idna::options strict = puny::idna::uts46_strict;  // flags are plain fields
  strict.check_hyphens = false;
  return puny::idna::to_ascii("-x-.example", strict).ok() ? 0 : 1;  // hyphens allowed now
}
