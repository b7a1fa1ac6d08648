/* The C API: caller buffers, errors with code, offset and UTS #46 code. */
#include <puny.h>
#include <stdio.h>

int main(void) {
  char out[256];
  size_t n = 0;
  puny_error err = PUNY_ERROR_INIT;
  puny_idna_options strict;

  if (puny_to_ascii("B\xc3\xbc" "cher.example", PUNY_NUL_TERMINATED, out, sizeof out, &n, NULL,
                    &err) == PUNY_OK)
    printf("%s\n", out); /* xn--bcher-kva.example */

  if (puny_decode("bcher-kva", 9, out, sizeof out, &n, &err) == PUNY_OK)
    printf("%s (%zu bytes)\n", out, n); /* bücher (7 bytes) */

  /* Presets are an enum, flags are fields. */
  puny_idna_options_init(&strict, PUNY_PRESET_UTS46_STRICT);
  if (puny_to_ascii("a_b.example", PUNY_NUL_TERMINATED, out, sizeof out, &n, &strict, &err) !=
      PUNY_OK) /* std3_disallowed (U1) at byte 1, label 0 */
    printf("%s (%s) at byte %zu, label %zu\n", puny_error_name(err.code), puny_uts46_code(&err),
           err.offset, err.label);

  /* Too small a buffer says how much to retry with, like snprintf. */
  if (puny_to_ascii("b\xc3\xbc" "cher.example", PUNY_NUL_TERMINATED, out, 4, &n, NULL, &err) ==
      PUNY_ERR_BUFFER_TOO_SMALL)
    printf("needs %zu bytes\n", err.needed); /* needs 22 bytes */
  return 0;
}
