-- puny 0.1.0: Punycode (RFC 3492) and IDNA (UTS #46, IDNA2008) conversions.
-- Every function returns NULL for NULL input (STRICT) and runs in parallel
-- workers (PARALLEL SAFE).  The conversions are pure functions of their
-- arguments (IMMUTABLE), so a parallel sequential scan converts in every
-- worker and a distributed PostgreSQL (Citus) can push the calls down to the
-- shards; idna_display and idna_display_check read the lists named by
-- settings, so they are STABLE.
--
-- Errors: SQLSTATE 22P02 (invalid_text_representation) for input that does
-- not convert, 22021 (character_not_in_repertoire) for ill-formed UTF-8
-- (possible only in SQL_ASCII databases), 22P05 (untranslatable_character)
-- for a result the database encoding cannot hold (databases other than
-- UTF8 and SQL_ASCII), 22023 (invalid_parameter_value) for an unknown preset,
-- flag or display profile.  The try_ variants return NULL instead of
-- raising 22P02 / 22021 / 22P05; an unknown preset still raises.
--
-- The names of presets, flags and profiles are the core's registries
-- (idna_presets(), idna_preset_flags(), idna_display_profiles()); these
-- comments name some of them, and run-tests.sh checks that each one named
-- is in the registry.

\echo Use "CREATE EXTENSION puny" to load this file. \quit

-- RFC 3492 Punycode of one label, without the "xn--" prefix.
CREATE FUNCTION punycode_encode(label text) RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_punycode_encode'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION punycode_decode(punycode text) RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_punycode_decode'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION try_punycode_encode(label text) RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_try_punycode_encode'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION try_punycode_decode(punycode text) RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_try_punycode_decode'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- UTS #46 (or IDNA2008) ToASCII / ToUnicode of a whole domain name.
-- preset is a name or alias of idna_presets() / idna_preset_aliases()
-- ('uts46', the default, 'url', 'idna2008', ...), optionally followed by
-- flags of idna_preset_flags() separated by commas or spaces
-- ('transitional', 'std3', 'no-check-hyphens', ...: the puny CLI's options
-- without their dashes); ASCII case is ignored.
CREATE FUNCTION idna_to_ascii(domain text, preset text DEFAULT 'uts46') RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_idna_to_ascii'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION idna_to_unicode(domain text, preset text DEFAULT 'uts46') RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_idna_to_unicode'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION try_idna_to_ascii(domain text, preset text DEFAULT 'uts46') RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_try_idna_to_ascii'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION try_idna_to_unicode(domain text, preset text DEFAULT 'uts46') RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_try_idna_to_unicode'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- What ToASCII (or ToUnicode) found: ok, and for the first error its name
-- ('disallowed', ...), UTS #46 status code ('V7', ...), 0-based label index,
-- 0-based byte offset in the UTF-8 input, 1-based character position (for
-- substr) and the offending code point ('U+2028'), NULL where none applies;
-- output is the converted name (ToUnicode: the best-effort result even on
-- error; ToASCII: NULL on error).
CREATE TYPE idna_check_result AS (
  ok boolean,
  error text,
  uts46_code text,
  label integer,
  byte_offset integer,
  position integer,
  code_point text,
  output text
);
CREATE FUNCTION idna_check(domain text, preset text DEFAULT 'uts46',
                           to_unicode boolean DEFAULT false) RETURNS idna_check_result
  AS 'MODULE_PATHNAME', 'puny_sql_idna_check'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- 'puny 0.1.0 (Unicode X.Y.Z)': the library and the Unicode version of its
-- tables, as `puny --version` prints them.
CREATE FUNCTION puny_version() RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_version'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Display safety (docs/display.md): may a name be shown in Unicode?
-- idna_skeleton: the UTS #39 skeleton, a pure function fit for an
-- expression index (CREATE INDEX ON t (idna_skeleton(name))) to find
-- lookalikes of a name.
CREATE FUNCTION idna_skeleton(text text) RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_idna_skeleton'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- idna_display: the name as a display profile shows it (U-labels where
-- safe, A-labels elsewhere).  Profiles: idna_display_profiles().  It reads
-- the lists named by the settings puny.psl_file (default Debian's Public
-- Suffix List; '' for none) and puny.top_domains_file (protected domains,
-- one a line; '' for none), superuser-only settings naming regular files
-- that are read again when they change (docs/postgres.md, List files), so
-- it is STABLE, not IMMUTABLE.  Profile names
-- ignore ASCII case, as preset names do.
CREATE FUNCTION idna_display(name text, profile text DEFAULT 'chromium') RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_idna_display'
  LANGUAGE C STABLE STRICT PARALLEL SAFE;
-- The decision per label with every reason, as `puny display --json` gives it.
CREATE FUNCTION idna_display_check(name text, profile text DEFAULT 'chromium') RETURNS jsonb
  AS 'MODULE_PATHNAME', 'puny_sql_idna_display_check'
  LANGUAGE C STABLE STRICT PARALLEL SAFE;
-- The library's one registry of presets and flag words, the names the CLI,
-- C, Python and JavaScript use too.
CREATE FUNCTION idna_presets() RETURNS text[]
  AS 'MODULE_PATHNAME', 'puny_sql_idna_presets'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION idna_preset_aliases() RETURNS text[]
  AS 'MODULE_PATHNAME', 'puny_sql_idna_preset_aliases'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION idna_preset_flags() RETURNS text[]
  AS 'MODULE_PATHNAME', 'puny_sql_idna_preset_flags'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION idna_display_profiles() RETURNS text[]
  AS 'MODULE_PATHNAME', 'puny_sql_idna_display_profiles'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ---- E-mail addresses (issue 38; puny_pg_email.c, docs/email.md) ----
-- email_normalize: the normalized address (local part NFC, domain in
-- U-labels); an error naming what failed and where when it is invalid.
CREATE FUNCTION email_normalize(address text) RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_email_normalize'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- try_email_ascii: the ASCII form (A-label domain), NULL when the address is
-- invalid or its local part is not ASCII (a local part is never Punycoded).
CREATE FUNCTION try_email_ascii(address text) RETURNS text
  AS 'MODULE_PATHNAME', 'puny_sql_try_email_ascii'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- email_check: valid or not, the error and where, and every field.
CREATE FUNCTION email_check(address text) RETURNS jsonb
  AS 'MODULE_PATHNAME', 'puny_sql_email_check'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ---- Lookalike hunting (issue 39; puny_pg_hunt.c, docs/hunt.md) ----
-- hunt_matches: every match of a name against a brand list (one brand line
-- an element: 'paypal.com keywords=login allow=paypal.me'), for joins such as
--   SELECT d.name, m.* FROM domains d,
--     LATERAL hunt_matches(d.name, (SELECT array_agg(line) FROM brands)) m;
-- The index is built once per call site and query.  position and length
-- (characters) cover the labels that matched; display and shown are the
-- name's display verdict; via is a combined match's second rule
-- (paypa1-login.com: combo_squatting via homoglyph), NULL for a plain one,
-- and reason the library's short English reason.  rules '' = every rule,
-- else names separated by commas or spaces (hunt_rules()).  min_score defaults to the library's
-- alert threshold, hunt_alert_score(): weak evidence (a tld_swap of the
-- brand's exact label scores 35; docs/hunt.md) is left out; 0 keeps every
-- match.  STABLE: it reads the setting puny.psl_file.
CREATE FUNCTION hunt_alert_score() RETURNS integer
  AS 'MODULE_PATHNAME', 'puny_sql_hunt_alert_score'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hunt_matches(name text, brands text[], rules text DEFAULT '',
                             min_score integer DEFAULT hunt_alert_score(),
                             profile text DEFAULT 'chromium')
  RETURNS TABLE(brand text, rule text, score integer, "position" integer, length integer,
                display text, shown boolean, via text, reason text)
  AS 'MODULE_PATHNAME', 'puny_sql_hunt_matches'
  LANGUAGE C STABLE STRICT PARALLEL SAFE ROWS 1;
-- hunt_brands: the triage view (issue 53, what the CLI prints): a row per
-- brand matched, highest score first, with hunt_matches' columns for the
-- brand's best match and in also its other matches, highest score first,
-- as a jsonb array of {rule, via (a combined match only), score, position,
-- length}.  Same arguments and defaults as hunt_matches.
CREATE FUNCTION hunt_brands(name text, brands text[], rules text DEFAULT '',
                            min_score integer DEFAULT hunt_alert_score(),
                            profile text DEFAULT 'chromium')
  RETURNS TABLE(brand text, rule text, score integer, "position" integer, length integer,
                display text, shown boolean, via text, reason text, also jsonb)
  AS 'MODULE_PATHNAME', 'puny_sql_hunt_brands'
  LANGUAGE C STABLE STRICT PARALLEL SAFE ROWS 1;
-- The rules and what each catches, from the library's registry.
CREATE FUNCTION hunt_rules() RETURNS TABLE(name text, description text)
  AS 'MODULE_PATHNAME', 'puny_sql_hunt_rules'
  LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
