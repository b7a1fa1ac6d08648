// Quick start: Punycode both ways, with errors as values.
#include <cstdio>
#include <puny/punycode.hpp>

int main() {
  // UTF-8 in, ASCII out (RFC 3492; no "xn--" prefix at this layer).
  puny::result<std::string> ascii = puny::punycode::encode_utf8("3年B組金八先生");
  if (!ascii.ok()) return 1;
  std::printf("%s\n", ascii.value.c_str());  // 3B-ww4c5e180e575a65lsy2b

  // Errors say what failed and where.
  puny::result<std::string> bad = puny::punycode::decode_to_utf8("a-9z5g");
  if (!bad.ok()) std::printf("%s\n", puny::to_string(bad.status).c_str());

  // Caller-owned buffer: no allocation, never writes past the capacity.
  char buffer[64];
  auto r = puny::punycode::encode_utf8("bücher", buffer, sizeof buffer);
  if (r.ok()) std::printf("%.*s\n", static_cast<int>(r.size), buffer);  // bcher-kva
  return 0;
}
