#ifndef CBENCHSYSTEM_H
#define CBENCHSYSTEM_H

/// Opens a pseudo-terminal: `*controller` is the side the benchmark reads and writes,
/// `*terminal` the side handed to the app as its standard input and output. Both are
/// close-on-exec. Returns 0, or -1 with errno set.
int bench_open_pseudo_terminal(int *controller, int *terminal);

/// Sets the window size `terminal` reports to the program on it (TIOCSWINSZ). Returns 0, or -1
/// with errno set.
int bench_set_window_size(int terminal, int rows, int columns);

/// Creates a close-on-exec pipe. Returns 0, or -1 with errno set.
int bench_pipe(int descriptors[2]);

#endif
