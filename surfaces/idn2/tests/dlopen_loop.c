/* Loads and unloads a libidn2.so.0 (argv[1]) argv[2] times, converting a
 * name each time in a thread of its own, as a program or plugin that loads
 * libidn2 on demand does (glibc's getaddrinfo loads it for AI_IDN).  The
 * thread ends before dlclose, so the library's thread-local data is gone
 * and glibc really unloads it.  check_dlopen.sh runs this under valgrind,
 * which must find no memory definitely lost.  Exit status 0 when every load
 * converted the name. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*lookup_fn)(const unsigned char *, unsigned char **, int);
typedef void (*free_fn)(void *);

static void *lib;
static int converted;

static void *convert(void *arg) {
  (void)arg;
  lookup_fn lookup = (lookup_fn)dlsym(lib, "idn2_lookup_u8");
  free_fn release = (free_fn)dlsym(lib, "idn2_free");
  unsigned char *out = NULL;
  converted = lookup && release && lookup((const unsigned char *)"b\xc3\xbc" "cher.example", &out, 0) == 0 &&
              strcmp((const char *)out, "xn--bcher-kva.example") == 0;
  if (release) release(out);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s LIBRARY TIMES\n", argv[0]);
    return 2;
  }
  const int times = atoi(argv[2]);
  for (int i = 0; i < times; ++i) {
    lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      fprintf(stderr, "load %d: dlopen %s: %s\n", i, argv[1], dlerror());
      return 1;
    }
    pthread_t thread;
    converted = 0;
    if (pthread_create(&thread, NULL, convert, NULL) != 0 || pthread_join(thread, NULL) != 0) {
      fprintf(stderr, "load %d: no thread\n", i);
      return 1;
    }
    if (!converted) {
      fprintf(stderr, "load %d: idn2_lookup_u8 of bücher.example failed\n", i);
      return 1;
    }
    if (dlclose(lib) != 0) {
      fprintf(stderr, "load %d: dlclose: %s\n", i, dlerror());
      return 1;
    }
  }
  return 0;
}
