/* The preset registry and the option flags, against the core's
 * vocabulary (PUNY_VOCABULARY).
 * Groups of puny_c_api_test (c_api_test.c runs them). */
#include "c_api_check.h"

/* The registry is the core's: same presets, aliases and flag words, in the
 * same order, as the core's vocabulary (tests/vocabulary, PUNY_VOCABULARY). */
void test_presets(void) {
  const char* vocabulary = read_text(getenv("PUNY_VOCABULARY"));
  const char* pos;
  const char* target = NULL;
  char out[64];
  size_t i, written = 0;
  puny_idna_options opt;
  puny_error err = PUNY_ERROR_INIT;
  CHECK(vocabulary != NULL); /* the environment must name vocabulary.json */
  if (vocabulary == NULL) return;
  CHECK(puny_preset_count() == count_of(vocabulary, "\"family\""));
  pos = vocabulary;
  for (i = 0; i < puny_preset_count(); ++i) {
    CHECK(next_field(&pos, "name", puny_preset_name(i)));
    CHECK(puny_preset_find(puny_preset_name(i), PUNY_NUL_TERMINATED) == (int)i);
    CHECK(puny_preset_description(i) != NULL && puny_preset_description(i)[0] != '\0');
  }
  CHECK(puny_preset_name(i) == NULL && puny_preset_is_idna2008(i) == -1);
  CHECK(puny_preset_alias_count() == count_of(vocabulary, "\"alias\""));
  for (i = 0; i < puny_preset_alias_count(); ++i) {
    const char* alias = puny_preset_alias(i, &target);
    CHECK(next_field(&pos, "alias", alias) && next_field(&pos, "name", target));
    CHECK(puny_preset_find(alias, PUNY_NUL_TERMINATED) == puny_preset_find(target, PUNY_NUL_TERMINATED));
  }
  CHECK(puny_option_flag_count() == count_of(vocabulary, "\"off\""));
  for (i = 0; i < puny_option_flag_count(); ++i)
    CHECK(next_field(&pos, "on", puny_option_flag_word(i, 1)) &&
          next_field(&pos, "off", puny_option_flag_word(i, 0)));
  CHECK(puny_preset_find("nonsense", PUNY_NUL_TERMINATED) == -1);
  CHECK(puny_preset_find("url-strict-x", 10) == puny_preset_find("url-strict", PUNY_NUL_TERMINATED));

  /* Options by name, adjusted by flag words. */
  CHECK(puny_idna_options_init_named(&opt, "registration", PUNY_NUL_TERMINATED) == PUNY_OK);
  CHECK(opt.use_std3_ascii_rules == 1 && opt.verify_dns_length == 1);
  CHECK(puny_idna_options_apply_flag(&opt, "no-std3", PUNY_NUL_TERMINATED) == PUNY_OK);
  CHECK(opt.use_std3_ascii_rules == 0 && opt.verify_dns_length == 1);
  CHECK(puny_idna_options_apply_flag(&opt, "std3-ish", PUNY_NUL_TERMINATED) ==
        PUNY_ERR_INVALID_ARGUMENT);
  CHECK(puny_idna_options_init_named(&opt, "nonsense", PUNY_NUL_TERMINATED) ==
        PUNY_ERR_INVALID_ARGUMENT);

  /* A preset and flags in one string (the SQL spelling). */
  {
    size_t index = 99, bad_offset = 99, bad_length = 99;
    int bad_is_preset = -1;
    static const char spec[] = " REGISTRATION, no-std3";
    CHECK(puny_preset_spec_parse(spec, PUNY_NUL_TERMINATED, &opt, &index, &bad_offset, &bad_length,
                                 &bad_is_preset) == PUNY_OK);
    CHECK(index == (size_t)puny_preset_find("uts46-strict", PUNY_NUL_TERMINATED));
    CHECK(opt.use_std3_ascii_rules == 0 && opt.verify_dns_length == 1);
    static const char bad_flag[] = "url,std3 nope";
    CHECK(puny_preset_spec_parse(bad_flag, PUNY_NUL_TERMINATED, &opt, &index, &bad_offset, &bad_length,
                                 &bad_is_preset) == PUNY_ERR_INVALID_ARGUMENT);
    CHECK(bad_offset == 9 && bad_length == 4 && bad_is_preset == 0);
    CHECK(puny_preset_spec_parse("strict", 6, &opt, &index, &bad_offset, &bad_length, &bad_is_preset) ==
          PUNY_ERR_INVALID_ARGUMENT);
    CHECK(bad_offset == 0 && bad_length == 6 && bad_is_preset == 1);
    CHECK(puny_preset_spec_parse("", 0, &opt, &index, &bad_offset, &bad_length, &bad_is_preset) ==
          PUNY_ERR_INVALID_ARGUMENT);
    CHECK(bad_is_preset == 1 && bad_length == 0);
    /* Both words of one flag: 2, at the second (as the CLI refuses them). */
    CHECK(puny_preset_spec_parse("uts46 transitional nontransitional", PUNY_NUL_TERMINATED, &opt, &index,
                                 &bad_offset, &bad_length, &bad_is_preset) == PUNY_ERR_INVALID_ARGUMENT);
    CHECK(bad_offset == 19 && bad_length == 15 && bad_is_preset == 2);
    CHECK(puny_preset_spec_parse_sized("url", 3, NULL, sizeof opt, &index, NULL, NULL, NULL) ==
          PUNY_ERR_INVALID_ARGUMENT);
  }

  /* Conversion by name, IDNA2008 included. */
  CHECK(puny_to_ascii_preset("idna2008", "b\xc3\xbc" "cher.de", PUNY_NUL_TERMINATED, out, sizeof out,
                             &written, NULL, &err) == PUNY_OK);
  CHECK_STR(out, "xn--bcher-kva.de");
  CHECK(puny_to_ascii_preset("idna2008", "\xe2\x85\xab.com", PUNY_NUL_TERMINATED, out, sizeof out,
                             &written, NULL, &err) == PUNY_ERR_DISALLOWED);
  CHECK(puny_to_ascii_preset("uts46", "\xe2\x85\xab.com", PUNY_NUL_TERMINATED, out, sizeof out,
                             &written, NULL, &err) == PUNY_OK);
  CHECK_STR(out, "xii.com");
  CHECK(puny_to_unicode_preset("idna2008-lookup", "xn--bcher-kva.de", PUNY_NUL_TERMINATED, out,
                               sizeof out, &written, NULL, &err) == PUNY_OK);
  CHECK_STR(out, "b\xc3\xbc" "cher.de");
  CHECK(puny_to_unicode_preset("url", "xn--a.com", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                               NULL, &err) == PUNY_OK);
  CHECK_STR(out, "xn--a.com");
  CHECK(puny_to_ascii_preset("registration", "-x.com", PUNY_NUL_TERMINATED, out, sizeof out,
                             &written, NULL, &err) == PUNY_ERR_LEADING_HYPHEN);
  CHECK(puny_to_ascii_preset("nonsense", "a.com", PUNY_NUL_TERMINATED, out, sizeof out, &written,
                             NULL, &err) == PUNY_ERR_INVALID_ARGUMENT);
  /* Names are matched with ASCII case ignored, as in the CLI and SQL. */
  CHECK(puny_preset_find("UTS46-Strict", PUNY_NUL_TERMINATED) ==
        puny_preset_find("uts46-strict", PUNY_NUL_TERMINATED));
  CHECK(puny_preset_find("REGISTRATION", PUNY_NUL_TERMINATED) ==
        puny_preset_find("uts46-strict", PUNY_NUL_TERMINATED));
  CHECK(puny_to_ascii_preset("IDNA2008", "\xe2\x85\xab.com", PUNY_NUL_TERMINATED, out, sizeof out,
                             &written, NULL, &err) == PUNY_ERR_DISALLOWED);
  CHECK(puny_preset_find("uts46-strict\xc3\xa9", PUNY_NUL_TERMINATED) == -1);
}

/* The C struct's flag members are the core's flags (issue 41): every flag
 * of the core's vocabulary (PUNY_VOCABULARY, its "field") is a uint32_t
 * member of puny_idna_options as include/puny.h declares it, every member
 * but struct_size and url_domain_to_ascii is a flag's, and the conversions
 * carry each flag through its own member: its "on" word sets that member
 * and no other, its "off" word clears it.  A flag added to the core
 * without its C member (or without its row in c_api.cpp's table) fails. */
void test_option_flags(void) {
  static char header[1 << 17];
  char members[40][48];
  size_t member_count = 0, flag_count = 0, n, k;
  const char* vocabulary = read_text(getenv("PUNY_VOCABULARY"));
  const char* line;
  const char* end;
  FILE* f = fopen(PUNY_HEADER_PATH, "rb");
  CHECK(f != NULL && vocabulary != NULL);
  if (f == NULL || vocabulary == NULL) return;
  n = fread(header, 1, sizeof header - 1, f);
  fclose(f);
  header[n] = '\0';

  /* The members, in order: each line of the struct that starts with
   * "uint32_t " declares one (every member is a uint32_t, so member k is at
   * byte 4 k). */
  line = strstr(header, "typedef struct puny_idna_options {");
  end = line != NULL ? strstr(line, "} puny_idna_options;") : NULL;
  CHECK(line != NULL && end != NULL);
  if (line == NULL || end == NULL) return;
  for (line = strchr(line, '\n'); line != NULL && line < end; line = strchr(line + 1, '\n')) {
    const char* at = line + 1;
    size_t len = 0;
    while (*at == ' ') ++at;
    if (strncmp(at, "uint32_t ", 9) != 0) continue;
    at += 9;
    while (*at == ' ') ++at;
    while (at[len] != ';' && at[len] != ' ' && at[len] != '\0' && len + 1 < sizeof members[0]) ++len;
    CHECK(member_count < sizeof members / sizeof members[0]);
    if (member_count >= sizeof members / sizeof members[0]) return;
    memcpy(members[member_count], at, len);
    members[member_count][len] = '\0';
    ++member_count;
  }
  CHECK(member_count * sizeof(uint32_t) == sizeof(puny_idna_options));
  CHECK(member_count > 2 && strcmp(members[0], "struct_size") == 0);

  line = strstr(vocabulary, "\"flags\": [");
  CHECK(line != NULL);
  if (line == NULL) return;
  for (;;) {
    char on[64], off[64], field[64];
    const char* at = line;
    size_t found = member_count;
    puny_idna_options opt, before;
    const uint32_t* words = (const uint32_t*)(const void*)&opt;
    const uint32_t* old_words = (const uint32_t*)(const void*)&before;
    if (!next_value(&at, "on", on, sizeof on) || !next_value(&at, "off", off, sizeof off) ||
        !next_value(&at, "field", field, sizeof field))
      break;
    line = at;
    ++flag_count;
    for (k = 1; k < member_count; ++k)
      if (strcmp(members[k], field) == 0) found = k;
    ++checks;
    if (found == member_count || strcmp(field, "url_domain_to_ascii") == 0) {
      ++failures;
      fprintf(stderr, "%s:%d: the core's flag \"%s\" (field %s) has no member of puny_idna_options "
              "in include/puny.h\n", __FILE__, __LINE__, on, field);
      continue;
    }
    /* From each preset's options: "off" clears the member, "on" sets it,
     * nothing else moves. */
    for (k = 0; k < puny_preset_count(); ++k) {
      size_t m;
      if (puny_preset_is_idna2008(k) != 0) continue;
      CHECK(puny_idna_options_init_named(&opt, puny_preset_name(k), PUNY_NUL_TERMINATED) == PUNY_OK);
      before = opt;
      CHECK(puny_idna_options_apply_flag(&opt, off, PUNY_NUL_TERMINATED) == PUNY_OK);
      CHECK(words[found] == 0);
      for (m = 0; m < member_count; ++m)
        if (m != found) CHECK(words[m] == old_words[m]);
      CHECK(puny_idna_options_apply_flag(&opt, on, PUNY_NUL_TERMINATED) == PUNY_OK);
      CHECK(words[found] == 1);
      for (m = 0; m < member_count; ++m)
        if (m != found) CHECK(words[m] == old_words[m]);
    }
  }
  /* Every member but struct_size and url_domain_to_ascii is a flag's. */
  CHECK(flag_count == puny_option_flag_count());
  CHECK(flag_count + 2 == member_count);
}
