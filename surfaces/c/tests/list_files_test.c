/* The C API's list files (issue 50): puny_display_lists_load (Public Suffix
 * List, protected domains) and puny_hunt_index_load (brands, Public Suffix
 * List) refuse a directory, an empty file, a FIFO and a device with
 * PUNY_ERR_FILE_UNREADABLE and a message naming the path and what it is,
 * without blocking on a FIFO that has no writer (an alarm fails the test
 * after 10 seconds).  C99 with POSIX (mkfifo, mkdtemp). */
#define _POSIX_C_SOURCE 200809L
#include <puny.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond, what)                                                                \
  do {                                                                                   \
    ++checks;                                                                            \
    if (!(cond)) {                                                                       \
      ++failures;                                                                        \
      fprintf(stderr, "%s:%d: CHECK failed: %s (%s)\n", __FILE__, __LINE__, #cond, what); \
    }                                                                                    \
  } while (0)

static void on_alarm(int sig) {
  static const char text[] = "list_files_test: CHECK failed: still loading after 10 s "
                             "(blocked on a FIFO?)\n";
  (void)sig;
  if (write(2, text, sizeof text - 1) < 0) _exit(3);
  _exit(1);
}

struct bad_file {
  char path[256];
  const char* kind; /* what the message must say */
};

/* `message` names `path` and says `kind`. */
static int names(const char* message, const struct bad_file* f) {
  char expected[320];
  snprintf(expected, sizeof expected, "%s: %s", f->path, f->kind);
  return strstr(message, expected) != NULL;
}

int main(void) {
  char dir[] = "/tmp/puny-list-files-XXXXXX";
  struct bad_file bad[4];
  char empty[256], fifo[256], sub[256], brands[256];
  char message[512];
  size_t i;
  FILE* f;
  signal(SIGALRM, on_alarm);
  alarm(10);
  if (mkdtemp(dir) == NULL) {
    perror("mkdtemp");
    return 1;
  }
  snprintf(sub, sizeof sub, "%s/a-directory", dir);
  snprintf(empty, sizeof empty, "%s/empty.txt", dir);
  snprintf(fifo, sizeof fifo, "%s/a-fifo", dir);
  snprintf(brands, sizeof brands, "%s/brands.txt", dir);
  if (mkdir(sub, 0700) != 0 || mkfifo(fifo, 0600) != 0 || (f = fopen(empty, "w")) == NULL) {
    perror("setting up");
    return 1;
  }
  fclose(f);
  if ((f = fopen(brands, "w")) == NULL || fputs("paypal.com\n", f) < 0 || fclose(f) != 0) {
    perror(brands);
    return 1;
  }
  snprintf(bad[0].path, sizeof bad[0].path, "%s", sub);
  bad[0].kind = "is a directory";
  snprintf(bad[1].path, sizeof bad[1].path, "%s", empty);
  bad[1].kind = "is empty";
  snprintf(bad[2].path, sizeof bad[2].path, "%s", fifo);
  bad[2].kind = "is a FIFO";
  snprintf(bad[3].path, sizeof bad[3].path, "/dev/zero");
  bad[3].kind = "is a character device";

  for (i = 0; i < 4; ++i) {
    const struct bad_file* b = &bad[i];
    puny_display_lists* lists = NULL;
    puny_hunt_index* index = NULL;
    puny_error err = PUNY_ERROR_INIT;
    message[0] = '\0';
    CHECK(puny_display_lists_load(b->path, "", &lists, message, sizeof message, &err) ==
              PUNY_ERR_FILE_UNREADABLE && lists == NULL && names(message, b),
          b->path);
    message[0] = '\0';
    CHECK(puny_display_lists_load("", b->path, &lists, message, sizeof message, &err) ==
              PUNY_ERR_FILE_UNREADABLE && lists == NULL && names(message, b),
          b->path);
    message[0] = '\0';
    CHECK(puny_hunt_index_load(b->path, "", &index, message, sizeof message, &err) ==
              PUNY_ERR_FILE_UNREADABLE && index == NULL && names(message, b),
          b->path);
    message[0] = '\0';
    CHECK(puny_hunt_index_load(brands, b->path, &index, message, sizeof message, &err) ==
              PUNY_ERR_FILE_UNREADABLE && index == NULL && names(message, b),
          b->path);
    puny_display_lists_free(lists);
    puny_hunt_index_free(index);
  }
  {
    /* A regular file still loads. */
    puny_hunt_index* index = NULL;
    puny_error err = PUNY_ERROR_INIT;
    CHECK(puny_hunt_index_load(brands, "", &index, message, sizeof message, &err) == PUNY_OK &&
              puny_hunt_index_size(index) == 1,
          brands);
    puny_hunt_index_free(index);
  }
  unlink(fifo);
  unlink(empty);
  unlink(brands);
  rmdir(sub);
  rmdir(dir);
  printf("%d checks, %d failures\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
