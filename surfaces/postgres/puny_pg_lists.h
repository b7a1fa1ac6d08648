/* puny for PostgreSQL: the list files the settings puny.psl_file and
 * puny.top_domains_file name, read for the display functions
 * (puny_pg_display.c) and hunt_matches (puny_pg_hunt.c).  Defined in
 * puny_pg_lists.c, which owns the settings, the safe reading of a file and
 * the per-backend cache of the parsed lists (docs/postgres.md, "List files"). */
#ifndef PUNY_PG_LISTS_H
#define PUNY_PG_LISTS_H

#include "postgres.h"

#include "puny.h"

/* The largest list file read, in bytes (Debian's Public Suffix List is
 * about 0.25 MB); a bigger file is an error before a byte of it is read. */
#define PUNY_PG_LIST_FILE_MAX (16 * 1024 * 1024)

/* The lists of the current settings, for `function` (named in errors).
 * with_top false: the Public Suffix List only (hunt_matches), so that a
 * protected-domain file it does not use cannot fail it.  A file is read
 * again when its path, device, inode, size, mtime or ctime changed since it
 * was read, checked once per statement (the functions are STABLE: one
 * statement sees one version).  *generation (if not NULL) changes whenever
 * the returned lists were built anew.  Errors name the function, the
 * setting, the file and the line, never a line's content. */
const puny_display_lists *puny_pg_lists(const char *function, bool with_top, uint64 *generation);

#endif
