// NB: posix_openpt, grantpt, unlockpt, ptsname and pipe2 are X/Open and GNU extensions that
// Swift's Glibc module does not expose; ioctl is variadic, which Swift cannot call.
#define _GNU_SOURCE
#include "CBenchSystem.h"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <stdlib.h>
#include <unistd.h>

int bench_open_pseudo_terminal(int *controller, int *terminal) {
  int c = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (c < 0) return -1;
  if (grantpt(c) != 0 || unlockpt(c) != 0) {
    close(c);
    return -1;
  }
  const char *name = ptsname(c);
  int t = name ? open(name, O_RDWR | O_NOCTTY | O_CLOEXEC) : -1;
  if (t < 0) {
    close(c);
    return -1;
  }
  *controller = c;
  *terminal = t;
  return 0;
}

int bench_set_window_size(int terminal, int rows, int columns) {
  struct winsize size = {.ws_row = (unsigned short)rows, .ws_col = (unsigned short)columns};
  return ioctl(terminal, TIOCSWINSZ, &size);
}

int bench_pipe(int descriptors[2]) {
  return pipe2(descriptors, O_CLOEXEC);
}
