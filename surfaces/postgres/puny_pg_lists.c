/* puny for PostgreSQL: the settings puny.psl_file and puny.top_domains_file,
 * and the reading of the files they name (issue 50).
 *
 * Who may name a file: a superuser, or a role granted SET on the setting
 * (PostgreSQL 15: GRANT SET ON PARAMETER puny.top_domains_file TO role).
 * The settings are PGC_SUSET: a file the server can read is read with the
 * server's rights, so naming it is the privilege that matters; making the
 * setting itself privileged also keeps per-role and per-database values
 * (ALTER ROLE ... SET) in the administrator's hands.
 *
 * How a file is read: opened without blocking (O_NONBLOCK, so a FIFO does
 * not wait for a writer) through fd.c's transient files (closed when an
 * error ends the transaction), then fstat'd on that descriptor: only a
 * regular file is read, and only up to PUNY_PG_LIST_FILE_MAX bytes, checked
 * before reading and again while reading; the loop reads 64 KiB at a time
 * and checks for interrupts (statement_timeout, pg_cancel_backend) between
 * reads.  A line the library cannot parse is reported by its number only:
 * the file may be one the caller could not read (pg_hba.conf).
 *
 * The parsed lists are kept per backend with the file's identity (device,
 * inode, size, mtime, ctime) and read again when the setting or the file
 * changes, checked at the first call of each statement. */
#include "postgres.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "access/xact.h"
#include "miscadmin.h"
#include "storage/fd.h"
#include "storage/proc.h"
#include "utils/guc.h"
#include "utils/memutils.h"

#include "puny_pg_lists.h"

#define DEFAULT_PSL "/usr/share/publicsuffix/public_suffix_list.dat"
#define READ_CHUNK (64 * 1024)

static char *psl_file_setting = NULL;
static char *top_domains_file_setting = NULL;

void _PG_init(void);
void _PG_init(void) {
  DefineCustomStringVariable(
      "puny.psl_file",
      "Public Suffix List file for idna_display and hunt_matches ('' = none: the last two labels)",
      "Superuser only (or GRANT SET ON PARAMETER): the file is read with the server's rights.",
      &psl_file_setting, DEFAULT_PSL, PGC_SUSET, 0, NULL, NULL, NULL);
  DefineCustomStringVariable(
      "puny.top_domains_file",
      "Protected domains, one a line, for idna_display's lookalike step ('' = none)",
      "Superuser only (or GRANT SET ON PARAMETER): the file is read with the server's rights.",
      &top_domains_file_setting, "", PGC_SUSET, 0, NULL, NULL, NULL);
  MarkGUCPrefixReserved("puny");
}

/* What identifies the version of a file that was read. */
typedef struct file_stamp {
  dev_t dev;
  ino_t ino;
  off_t size;
  struct timespec mtime, ctime;
} file_stamp;

static file_stamp stamp_of(const struct stat *st) {
  file_stamp s;
  memset(&s, 0, sizeof s);
  s.dev = st->st_dev;
  s.ino = st->st_ino;
  s.size = st->st_size;
  s.mtime = st->st_mtim;
  s.ctime = st->st_ctim;
  return s;
}

/* True when `path` ('' = no file) still is the file `stamp` describes. */
static bool unchanged(const char *path, const file_stamp *stamp) {
  struct stat st;
  file_stamp now;
  if (path[0] == 0) return true;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return false;
  now = stamp_of(&st);
  return now.dev == stamp->dev && now.ino == stamp->ino && now.size == stamp->size &&
         now.mtime.tv_sec == stamp->mtime.tv_sec && now.mtime.tv_nsec == stamp->mtime.tv_nsec &&
         now.ctime.tv_sec == stamp->ctime.tv_sec && now.ctime.tv_nsec == stamp->ctime.tv_nsec;
}

static const char *kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

/* The whole of the regular file `path`, which the setting `setting` names,
 * in memory of the current context; *stamp describes what was read. */
static char *read_list_file(const char *function, const char *setting, const char *path,
                            size_t *length, file_stamp *stamp) {
  struct stat st;
  char *data;
  size_t used = 0, capacity;
  int fd = OpenTransientFile(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | PG_BINARY);
  if (fd < 0)
    ereport(ERROR, (errcode_for_file_access(),
                    errmsg("%s: could not open file \"%s\" named by %s: %m", function, path,
                           setting)));
  if (fstat(fd, &st) != 0) {
    int saved = errno;
    CloseTransientFile(fd);
    errno = saved;
    ereport(ERROR, (errcode_for_file_access(),
                    errmsg("%s: could not stat file \"%s\" named by %s: %m", function, path,
                           setting)));
  }
  if (!S_ISREG(st.st_mode)) {
    CloseTransientFile(fd);
    ereport(ERROR, (errcode(ERRCODE_WRONG_OBJECT_TYPE),
                    errmsg("%s: \"%s\" named by %s is %s, not a regular file", function, path,
                           setting, kind_of(st.st_mode)),
                    errhint("Only regular files are read: a FIFO or a device may block or never "
                            "end.")));
  }
  if (st.st_size > PUNY_PG_LIST_FILE_MAX) {
    CloseTransientFile(fd);
    ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
                    errmsg("%s: file \"%s\" named by %s has %lld bytes, over the limit of %d",
                           function, path, setting, (long long)st.st_size,
                           PUNY_PG_LIST_FILE_MAX)));
  }
  *stamp = stamp_of(&st);
  capacity = (size_t)st.st_size + 1;
  data = palloc(capacity);
  for (;;) {
    ssize_t got;
    if (used == capacity) {
      /* The file grew since fstat: keep reading up to the limit. */
      capacity = Min(capacity * 2, (size_t)PUNY_PG_LIST_FILE_MAX + 1);
      data = repalloc(data, capacity);
    }
    CHECK_FOR_INTERRUPTS();
    got = read(fd, data + used, Min(capacity - used, (size_t)READ_CHUNK));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      int saved = errno;
      CloseTransientFile(fd);
      errno = saved;
      ereport(ERROR, (errcode_for_file_access(),
                      errmsg("%s: could not read file \"%s\" named by %s: %m", function, path,
                             setting)));
    }
    if (got == 0) break;
    used += (size_t)got;
    if (used > (size_t)PUNY_PG_LIST_FILE_MAX) {
      CloseTransientFile(fd);
      ereport(ERROR, (errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
                      errmsg("%s: file \"%s\" named by %s grew past the limit of %d bytes while "
                             "being read", function, path, setting, PUNY_PG_LIST_FILE_MAX)));
    }
  }
  CloseTransientFile(fd);
  *length = used;
  return data;
}

/* One set of lists and what it was built from. */
typedef struct list_cache {
  puny_display_lists *lists;
  char *psl_path, *top_path; /* TopMemoryContext */
  file_stamp psl_stamp, top_stamp;
  LocalTransactionId checked_lxid; /* the statement that last found the files unchanged */
  TimestampTz checked_statement;
  uint64 generation;
} list_cache;

static list_cache caches[2]; /* [0]: the PSL only; [1]: the PSL and protected domains */
static uint64 generations = 0;

/* ERROR for a line of `path` the library refused: its number, not its text. */
static void raise_list_error(const char *function, const char *setting, const char *path,
                             puny_errc rc, const puny_error *err) pg_attribute_noreturn();
static void raise_list_error(const char *function, const char *setting, const char *path,
                             puny_errc rc, const puny_error *err) {
  if (rc == PUNY_ERR_OUT_OF_MEMORY)
    ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY),
                    errmsg("%s: out of memory reading file \"%s\" named by %s", function, path,
                           setting)));
  ereport(ERROR, (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
                  errmsg("%s: file \"%s\" named by %s, line %zu: not a valid %s (%s)", function,
                         path, setting, err->label,
                         strcmp(setting, "puny.psl_file") == 0 ? "Public Suffix List rule"
                                                               : "domain name",
                         puny_error_name(rc)),
                  errdetail("The line's text is not shown: the file may hold what this role "
                            "may not read.")));
}

const puny_display_lists *puny_pg_lists(const char *function, bool with_top, uint64 *generation) {
  list_cache *cache = &caches[with_top ? 1 : 0];
  const char *psl = psl_file_setting == NULL ? "" : psl_file_setting;
  const char *top = with_top && top_domains_file_setting != NULL ? top_domains_file_setting : "";
  LocalTransactionId lxid = MyProc->lxid;
  TimestampTz statement = GetCurrentStatementStartTimestamp();
  char message[256];
  puny_error err = PUNY_ERROR_INIT;
  puny_display_lists *lists = NULL;
  file_stamp psl_stamp, top_stamp;
  char *psl_text = NULL, *top_text = NULL;
  size_t psl_length = 0, top_length = 0;
  puny_errc rc;

  if (cache->lists != NULL && strcmp(cache->psl_path, psl) == 0 &&
      strcmp(cache->top_path, top) == 0) {
    if ((cache->checked_lxid == lxid && cache->checked_statement == statement) ||
        (unchanged(psl, &cache->psl_stamp) && unchanged(top, &cache->top_stamp))) {
      cache->checked_lxid = lxid;
      cache->checked_statement = statement;
      if (generation != NULL) *generation = cache->generation;
      return cache->lists;
    }
  }
  memset(&psl_stamp, 0, sizeof psl_stamp);
  memset(&top_stamp, 0, sizeof top_stamp);
  if (psl[0] != 0)
    psl_text = read_list_file(function, "puny.psl_file", psl, &psl_length, &psl_stamp);
  if (top[0] != 0)
    top_text = read_list_file(function, "puny.top_domains_file", top, &top_length, &top_stamp);
  rc = puny_display_lists_parse(psl_text, psl_length, top_text, top_length, NULL, &lists, message,
                                sizeof message, &err);
  if (rc != PUNY_OK && psl_text != NULL && top_text != NULL) {
    /* Which file: the PSL alone fails too, or the protected domains. */
    puny_error alone = PUNY_ERROR_INIT;
    puny_display_lists *check = NULL;
    if (puny_display_lists_parse(psl_text, psl_length, NULL, 0, NULL, &check, NULL, 0, &alone) ==
        PUNY_OK) {
      puny_display_lists_free(check);
      raise_list_error(function, "puny.top_domains_file", top, rc, &err);
    }
  }
  if (rc != PUNY_OK)
    raise_list_error(function, psl_text != NULL ? "puny.psl_file" : "puny.top_domains_file",
                     psl_text != NULL ? psl : top, rc, &err);
  if (psl_text != NULL) pfree(psl_text);
  if (top_text != NULL) pfree(top_text);

  puny_display_lists_free(cache->lists);
  if (cache->psl_path != NULL) pfree(cache->psl_path);
  if (cache->top_path != NULL) pfree(cache->top_path);
  cache->lists = lists;
  cache->psl_path = MemoryContextStrdup(TopMemoryContext, psl);
  cache->top_path = MemoryContextStrdup(TopMemoryContext, top);
  cache->psl_stamp = psl_stamp;
  cache->top_stamp = top_stamp;
  cache->checked_lxid = lxid;
  cache->checked_statement = statement;
  cache->generation = ++generations;
  if (generation != NULL) *generation = cache->generation;
  return lists;
}
