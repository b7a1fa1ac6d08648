/* puny's libidn2-compatible library against the system libidn2, through
 * libidn2's own API, in one process: each library is loaded with
 * dlmopen(LM_ID_NEWLM) into a namespace of its own (they export the same
 * names).  Per workload and call, ROUNDS rounds alternate the two libraries;
 * each round converts every name once, including the malloc of each result
 * and its free (the API requires both).  Prints the median ns per name, the
 * spread (min..max over rounds) and the ratio of the medians.
 *
 *   idn2_compat_bench OURS.so SYSTEM.so DATA_DIR [ROUNDS]
 * bench/idn2_compat.sh builds and runs it. */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int (*lookup_fn)(const uint8_t *, uint8_t **, int);
typedef int (*unicode_fn)(const char *, char **, int);
typedef void (*free_fn)(void *);

struct lib {
  const char *label;
  lookup_fn lookup;
  unicode_fn to_unicode;
  free_fn release;
};

static struct lib load(const char *label, const char *path) {
  void *h = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "%s: %s\n", path, dlerror());
    exit(1);
  }
  struct lib l = {label, (lookup_fn)dlsym(h, "idn2_lookup_u8"), (unicode_fn)dlsym(h, "idn2_to_unicode_8z8z"),
                  (free_fn)dlsym(h, "idn2_free")};
  if (!l.lookup || !l.to_unicode || !l.release) exit(1);
  return l;
}

static char **read_lines(const char *path, size_t *count) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    exit(1);
  }
  size_t cap = 1024, n = 0;
  char **lines = malloc(cap * sizeof *lines);
  char *line = NULL;
  size_t len = 0;
  ssize_t got;
  while ((got = getline(&line, &len, f)) > 0) {
    if (line[got - 1] == '\n') line[--got] = 0;
    if (n == cap) lines = realloc(lines, (cap *= 2) * sizeof *lines);
    lines[n++] = strdup(line);
  }
  free(line);
  fclose(f);
  *count = n;
  return lines;
}

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

/* One round: ns per name; *ok counts the successful conversions. */
static double run(const struct lib *l, int unicode, char **names, size_t n, size_t *ok) {
  double t0 = now_ns();
  size_t good = 0;
  for (size_t i = 0; i < n; ++i) {
    char *out = NULL;
    int rc = unicode ? l->to_unicode(names[i], &out, 0) : l->lookup((const uint8_t *)names[i], (uint8_t **)&out, 0);
    if (rc == 0) {
      ++good;
      l->release(out);
    }
  }
  *ok = good;
  return (now_ns() - t0) / (double)n;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s OURS.so SYSTEM.so DATA_DIR [ROUNDS]\n", argv[0]);
    return 2;
  }
  int rounds = argc > 4 ? atoi(argv[4]) : 11;
  if (rounds < 1 || rounds > 1000) rounds = 11;
  struct lib libs[2] = {load("puny", argv[1]), load("libidn2", argv[2])};
  struct {
    const char *file, *call;
    int unicode;
  } work[] = {{"domains-idn.txt", "idn2_lookup_u8", 0},
              {"domains-mixed.txt", "idn2_lookup_u8", 0},
              {"domains-idn.ascii.txt", "idn2_to_unicode_8z8z", 1},
              {"domains-mixed.txt", "idn2_to_unicode_8z8z", 1}};
  printf("| workload | call | puny ns/name (min..max) | libidn2 ns/name (min..max) | libidn2 / puny | converted (puny / libidn2) |\n");
  printf("|---|---|---|---|---|---|\n");
  for (size_t w = 0; w < sizeof work / sizeof work[0]; ++w) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", argv[3], work[w].file);
    size_t n;
    char **names = read_lines(path, &n);
    double *t[2] = {malloc(rounds * sizeof(double)), malloc(rounds * sizeof(double))};
    size_t ok[2];
    for (int k = 0; k < 2; ++k) run(&libs[k], work[w].unicode, names, n, &ok[k]); /* warm-up */
    /* Alternate which library goes first, so neither always runs on a
       cache the other warmed. */
    for (int r = 0; r < rounds; ++r)
      for (int j = 0; j < 2; ++j) {
        int k = (r % 2 == 0) ? j : 1 - j;
        t[k][r] = run(&libs[k], work[w].unicode, names, n, &ok[k]);
      }
    for (int k = 0; k < 2; ++k) qsort(t[k], rounds, sizeof(double), cmp);
    double m0 = t[0][rounds / 2], m1 = t[1][rounds / 2];
    printf("| %s (%zu) | %s | %.0f (%.0f..%.0f) | %.0f (%.0f..%.0f) | %.1fx | %zu / %zu |\n", work[w].file, n,
           work[w].call, m0, t[0][0], t[0][rounds - 1], m1, t[1][0], t[1][rounds - 1], m1 / m0, ok[0], ok[1]);
    fflush(stdout);
    for (size_t i = 0; i < n; ++i) free(names[i]);
    free(names);
    free(t[0]);
    free(t[1]);
  }
  return 0;
}
