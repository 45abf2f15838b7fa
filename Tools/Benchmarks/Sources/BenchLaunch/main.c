// bench-launch: runs a program as the child of a small process, so that the peak memory the
// benchmarks read for it is its own.
//
//   bench-launch <program> <arguments>…
//
// Writes "<status> <peak kB> <user µs> <system µs>\n" for the program to descriptor 3, then exits
// with its status (128 plus the signal that killed it).
//
// NB: Linux keeps a process's peak resident size across exec, taking in the memory image the
//     exec replaces. A program the benchmark spawns (posix_spawn shares the benchmark's image
//     until the exec) reports the benchmark's own peak when that is higher, as one it forks
//     would: after importing 100,000 todos in-process to make a fixture, that was 80 MB for
//     an app of 38. Forked from this program's image of a few hundred kilobytes, the
//     program's peak is its own.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: bench-launch <program> <arguments>…\n");
    return 2;
  }
  if (fcntl(3, F_SETFD, FD_CLOEXEC) != 0) {
    perror("bench-launch: descriptor 3");
    return 2;
  }
  pid_t pid = fork();
  if (pid < 0) {
    perror("bench-launch: fork");
    return 126;
  }
  if (pid == 0) {
    execv(argv[1], argv + 1);
    perror("bench-launch: exec");
    _exit(127);
  }
  // NB: The program alone holds its standard descriptors from here: a reader of its output
  //     sees the end, and a writer to its input a closed pipe, when it exits.
  close(0);
  close(1);
  close(2);
  int status = 0;
  struct rusage usage;
  while (wait4(pid, &status, 0, &usage) < 0) {
    if (errno != EINTR) return 126;
  }
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  dprintf(3, "%d %ld %ld %ld\n", code, usage.ru_maxrss,
          (long)usage.ru_utime.tv_sec * 1000000L + (long)usage.ru_utime.tv_usec,
          (long)usage.ru_stime.tv_sec * 1000000L + (long)usage.ru_stime.tv_usec);
  return code;
}
