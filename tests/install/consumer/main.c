/* C consumer of an installed puny (include/puny.h): built by tests/install
 * with find_package and with pkg-config, compiled as C99. */
#include <puny.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char out[64];
  size_t written = 0;
  puny_error err = PUNY_ERROR_INIT;
  if (puny_to_ascii("b\xc3\xbc" "cher.de", PUNY_NUL_TERMINATED, out, sizeof out, &written, NULL,
                    &err) != PUNY_OK ||
      strcmp(out, "xn--bcher-kva.de") != 0) {
    printf("to_ascii failed: %s\n", puny_error_name(err.code));
    return 1;
  }
  if (puny_decode("ab!c", 4, out, sizeof out, NULL, &err) != PUNY_ERR_INVALID_DIGIT) {
    printf("error reporting failed\n");
    return 1;
  }
  printf("puny C consumer ok: xn--bcher-kva.de %s %s\n", puny_error_name(err.code),
         puny_version_string());
  return 0;
}
