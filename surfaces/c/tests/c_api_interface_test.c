/* The interface itself: invalid arguments, struct versions, error names
 * and messages, the version numbers and the header's error table.
 * Groups of puny_c_api_test (c_api_test.c runs them). */
#include "c_api_check.h"

void test_invalid_arguments(void) {
  char out[16];
  size_t written = 0;
  puny_error err = PUNY_ERROR_INIT;
  puny_idna_options opt;
  CHECK(puny_encode(NULL, 3, out, sizeof out, &written, &err) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(err.code == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_encode(NULL, PUNY_NUL_TERMINATED, out, sizeof out, &written, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_decode("abc", 3, NULL, 8, &written, &err) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_to_ascii("a", 1, out, sizeof out, &written, NULL, NULL) == PUNY_OK); /* err NULL */
  CHECK(puny_decode_utf32_annotated("a-", 2, (uint32_t*)0, NULL, 0, NULL, &err) ==
        PUNY_ERR_BUFFER_TOO_SMALL);
  {
    uint32_t cps[4];
    CHECK(puny_decode_utf32_annotated("a-", 2, cps, NULL, 4, NULL, &err) ==
          PUNY_ERR_INVALID_ARGUMENT);
    CHECK(puny_encode_utf32_annotated(cps, NULL, 1, out, sizeof out, NULL, &err) ==
          PUNY_ERR_INVALID_ARGUMENT);
  }
  /* Presets: unknown values and short structs are refused. */
  CHECK(puny_idna_options_init(&opt, 77) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_idna_options_init_sized(&opt, 8, PUNY_PRESET_UTS46) == PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_idna_options_init_sized(NULL, sizeof opt, PUNY_PRESET_UTS46) ==
        PUNY_ERR_INVALID_ARGUMENT);
  puny_idna_options_init(&opt, PUNY_PRESET_UTS46);
  opt.struct_size = 8;
  CHECK(puny_to_ascii("a", 1, out, sizeof out, &written, &opt, &err) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK_STR(puny_error_name(err.code), "invalid_argument");
}

/* A caller compiled against a newer header (a longer struct): unknown
 * fields at zero are accepted, nonzero ones refused; an older, shorter
 * puny_error gets only the fields it has. */
void test_struct_versions(void) {
  struct newer_options {
    puny_idna_options base;
    uint32_t future_flag;
  } newer;
  struct older_error {
    size_t struct_size;
    int32_t code;
    uint32_t code_point;
    size_t offset;
    size_t canary;
  } older;
  char out[64];
  CHECK(puny_idna_options_init_sized(&newer.base, sizeof newer, PUNY_PRESET_UTS46) == PUNY_OK);
  CHECK(newer.future_flag == 0 && newer.base.struct_size == sizeof newer);
  CHECK(puny_to_ascii("a.b", 3, out, sizeof out, NULL, &newer.base, NULL) == PUNY_OK);
  newer.future_flag = 1;
  CHECK(puny_to_ascii("a.b", 3, out, sizeof out, NULL, &newer.base, NULL) ==
        PUNY_ERR_INVALID_ARGUMENT);

  /* A caller compiled before allow_underscore existed: its struct ends at
   * url_domain_to_ascii, and the later fields take their defaults. */
  {
    puny_idna_options v1;
    const size_t v1_size = offsetof(puny_idna_options, url_domain_to_ascii) + sizeof(uint32_t);
    memset(&v1, 0x7F, sizeof v1); /* bytes past v1_size must not be read */
    CHECK(puny_idna_options_init_sized(&v1, v1_size, PUNY_PRESET_REGISTRATION) == PUNY_OK);
    CHECK(v1.struct_size == v1_size && v1.use_std3_ascii_rules == 1);
    CHECK(v1.allow_underscore == 0x7F7F7F7Fu); /* untouched */
    CHECK(puny_to_ascii("a_b.example", 11, out, sizeof out, NULL, &v1, NULL) ==
          PUNY_ERR_STD3_DISALLOWED);
    CHECK(puny_to_ascii("a b.example", 11, out, sizeof out, NULL, &v1, NULL) ==
          PUNY_ERR_STD3_DISALLOWED);
  }

  memset(&older, 0, sizeof older);
  older.struct_size = offsetof(struct older_error, canary);
  older.canary = 12345;
  CHECK(puny_decode("ab!c", 4, out, sizeof out, NULL, (puny_error*)(void*)&older) ==
        PUNY_ERR_INVALID_DIGIT);
  CHECK(older.code == PUNY_ERR_INVALID_DIGIT && older.offset == 2 && older.code_point == '!');
  CHECK(older.canary == 12345); /* `label` would have been written here */

  /* A garbage struct_size (an uninitialized struct) is refused without
   * reading past the struct: above PUNY_STRUCT_SIZE_MAX, zero bytes or not.
   * (Under the sanitizers a read up to it would be reported.) */
  {
    puny_idna_options* heap = (puny_idna_options*)malloc(sizeof *heap);
    puny_idna2008_options o2008;
    CHECK(heap != NULL);
    if (heap != NULL) {
      CHECK(puny_idna_options_init(heap, PUNY_PRESET_UTS46) == PUNY_OK);
      heap->struct_size = 0xFFFFFFF0u;
      CHECK(puny_to_ascii("a.b", 3, out, sizeof out, NULL, heap, NULL) == PUNY_ERR_INVALID_ARGUMENT);
      heap->struct_size = PUNY_STRUCT_SIZE_MAX + 1;
      CHECK(puny_to_ascii("a.b", 3, out, sizeof out, NULL, heap, NULL) == PUNY_ERR_INVALID_ARGUMENT);
      free(heap);
    }
    /* Past the bound even when every byte up to struct_size is zero (the
     * old rule accepted those; the bound is the documented contract). */
    {
      static uint32_t zeros[128]; /* 512 bytes, an options struct at the start */
      puny_idna_options* big = (puny_idna_options*)(void*)zeros;
      CHECK(puny_idna_options_init(big, PUNY_PRESET_UTS46) == PUNY_OK);
      big->struct_size = sizeof zeros;
      CHECK(puny_to_ascii("a.b", 3, out, sizeof out, NULL, big, NULL) == PUNY_ERR_INVALID_ARGUMENT);
      big->struct_size = PUNY_STRUCT_SIZE_MAX;
      CHECK(puny_to_ascii("a.b", 3, out, sizeof out, NULL, big, NULL) == PUNY_OK);
    }
    CHECK(puny_idna2008_options_init(&o2008) == PUNY_OK);
    o2008.struct_size = 0xFFFFFFF0u;
    CHECK(puny_idna2008_register("a.b", 3, out, sizeof out, NULL, &o2008, NULL) ==
          PUNY_ERR_INVALID_ARGUMENT);
  }
}

void test_names_and_messages(void) {
  int code;
  char line[128];
  size_t n;
  puny_error err = PUNY_ERROR_INIT;
  /* Every code has a distinct name and a message. */
  for (code = 0; code <= PUNY_ERR_DOMAIN_CHARACTER; ++code) {
    int other;
    CHECK(strcmp(puny_error_name(code), "unknown") != 0);
    CHECK(strcmp(puny_error_message(code), "unknown error") != 0);
    for (other = 0; other < code; ++other)
      CHECK(strcmp(puny_error_name(code), puny_error_name(other)) != 0);
  }
  for (code = PUNY_ERR_OUT_OF_MEMORY; code <= PUNY_ERR_INTERNAL; ++code)
    CHECK(strcmp(puny_error_name(code), "unknown") != 0);
  CHECK_STR(puny_error_name(PUNY_OK), "ok");
  CHECK_STR(puny_error_name(PUNY_ERR_INVALID_DIGIT), "invalid_digit");
  CHECK_STR(puny_error_name(PUNY_ERR_OUT_OF_MEMORY), "out_of_memory");
  CHECK_STR(puny_error_name(PUNY_ERR_INTERNAL), "internal");
  CHECK_STR(puny_error_name(-1), "unknown");
  CHECK_STR(puny_error_name(PUNY_ERR_LIST_SYNTAX), "list_syntax");
  CHECK_STR(puny_error_name(PUNY_ERR_MISSING_AT), "missing_at");
  CHECK_STR(puny_error_name(PUNY_ERR_SPECIAL_USE_DOMAIN), "special_use_domain");
  CHECK_STR(puny_error_name(PUNY_ERR_DOMAIN_CHARACTER), "domain_character");
  CHECK_STR(puny_error_name(51), "unknown");
  CHECK_STR(puny_error_name(1000), "unknown");
  CHECK_STR(puny_error_message(PUNY_ERR_OVERFLOW), "arithmetic overflow (RFC 3492 section 6.4)");
  CHECK_STR(puny_error_message(PUNY_ERR_OUT_OF_MEMORY), "the library could not allocate memory");
  /* The kinds no C API input reaches: names and UTS #46 codes. */
  CHECK_STR(puny_error_name(PUNY_ERR_BAD_PARAMETERS), "bad_parameters");
  CHECK_STR(puny_error_name(PUNY_ERR_CASE_FLAGS_MISMATCH), "case_flags_mismatch");
  CHECK_STR(puny_error_name(PUNY_ERR_INPUT_TOO_LONG), "input_too_long");
  err.code = PUNY_ERR_LABEL_HAS_DOT;
  CHECK_STR(puny_uts46_code(&err), "V5");
  err.code = PUNY_ERR_PUNYCODE_ENCODE_FAILED;
  CHECK_STR(puny_uts46_code(&err), "A3");
  err.code = PUNY_ERR_BIDI;
  err.detail = 6;
  CHECK_STR(puny_uts46_code(&err), "B6");
  err.code = PUNY_ERR_INVALID_DIGIT; /* Punycode errors map to P4 */
  CHECK_STR(puny_uts46_code(&err), "P4");
  err.code = PUNY_ERR_OUT_OF_MEMORY;
  CHECK_STR(puny_uts46_code(&err), "");
  CHECK_STR(puny_uts46_code(NULL), "");
  /* Descriptions, truncated snprintf-style. */
  CHECK(puny_decode("ab!c", 4, line, sizeof line, NULL, &err) == PUNY_ERR_INVALID_DIGIT);
  n = puny_error_describe(&err, line, sizeof line);
  CHECK_STR(line,
            "invalid_digit at offset 2 (U+0021): a character after the delimiter is not a digit "
            "of the alphabet");
  CHECK(n == strlen(line));
  CHECK(puny_error_describe(&err, line, 8) == n);
  CHECK_STR(line, "invalid");
  CHECK(puny_error_describe(&err, NULL, 0) == n);
}

void test_versions(void) {
  CHECK(puny_version() == PUNY_VERSION_NUMBER);
  CHECK_STR(puny_version_string(), PUNY_VERSION_STRING);
  CHECK_STR(puny_unicode_version(), PUNY_EXPECTED_UNICODE_VERSION);
}

/* The header's documented range of the core's error values ("Values 0..N")
 * is the core's table: N is its last code, and each code has its
 * enumerator PUNY_ERR_<NAME> = code in include/puny.h and its name from
 * puny_error_name (vocabulary.json lists the core's table). */
void test_error_table(void) {
  static char header[1 << 17];
  const char* vocabulary = read_text(getenv("PUNY_VOCABULARY"));
  const char* pos;
  const char* range;
  int last = -1, documented = -2;
  size_t n;
  FILE* f = fopen(PUNY_HEADER_PATH, "rb");
  CHECK(f != NULL && vocabulary != NULL);
  if (f == NULL || vocabulary == NULL) return;
  n = fread(header, 1, sizeof header - 1, f);
  fclose(f);
  header[n] = '\0';
  for (pos = strstr(vocabulary, "\"code\": "); pos != NULL; pos = strstr(pos, "\"code\": ")) {
    int code = atoi(pos + 8);
    const char* name = strstr(pos, "\"name\": \"");
    char wanted[96], upper[64];
    size_t i;
    CHECK(name != NULL);
    if (name == NULL) return;
    name += 9;
    for (i = 0; name[i] != '"' && i + 1 < sizeof upper; ++i)
      upper[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 32 : name[i]);
    upper[i] = '\0';
    if (code == 0) {
      CHECK(strstr(header, "PUNY_OK = 0,") != NULL);
    } else {
      snprintf(wanted, sizeof wanted, "PUNY_ERR_%s = %d", upper, code);
      ++checks;
      if (strstr(header, wanted) == NULL) {
        ++failures;
        fprintf(stderr, "%s:%d: include/puny.h lacks \"%s\"\n", __FILE__, __LINE__, wanted);
      }
      CHECK(strncmp(puny_error_name(code), name, i) == 0 && puny_error_name(code)[i] == '\0');
    }
    last = code > last ? code : last;
    pos += 8;
  }
  range = strstr(header, "Values 0..");
  CHECK(range != NULL);
  if (range != NULL) documented = atoi(range + 10);
  ++checks;
  if (documented != last) {
    ++failures;
    fprintf(stderr, "%s:%d: include/puny.h documents values 0..%d, the core's table ends at %d\n",
            __FILE__, __LINE__, documented, last);
  }
  CHECK_STR(puny_error_name(last + 1), "unknown");
}
