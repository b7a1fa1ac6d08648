/* getaddrinfo with AI_IDN (glibc converts the name with libidn2, loaded
 * with dlopen("libidn2.so.0")): prints the address of each name given, or
 * the error, and with AI_CANONIDN the canonical name glibc converted back. */
#define _GNU_SOURCE 1
#include <arpa/inet.h>
#include <locale.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

int main(int argc, char **argv) {
  setlocale(LC_ALL, ""); /* AI_IDN converts from the locale's charset */
  int status = 0;
  for (int i = 1; i < argc; ++i) {
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_IDN | AI_CANONNAME | AI_CANONIDN;
    int rc = getaddrinfo(argv[i], NULL, &hints, &res);
    if (rc != 0) {
      printf("%s: error %d %s\n", argv[i], rc, gai_strerror(rc));
      status = 1;
      continue;
    }
    char addr[INET_ADDRSTRLEN] = "";
    inet_ntop(AF_INET, &((struct sockaddr_in *)res->ai_addr)->sin_addr, addr, sizeof addr);
    printf("%s: %s %s\n", argv[i], addr, res->ai_canonname ? res->ai_canonname : "-");
    freeaddrinfo(res);
  }
  return status;
}
