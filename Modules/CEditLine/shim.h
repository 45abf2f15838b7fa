#ifndef CEDITLINE_SHIM_H
#define CEDITLINE_SHIM_H

#include <stdio.h>
#include <histedit.h>

// NB: Swift cannot call C variadic functions, so `el_set`, `el_get` and `history` are reached
// through these typed wrappers, one per use the line editor makes of them.

/// The function libedit calls for the prompt.
typedef char *(*ceditline_prompt_function)(EditLine *);
/// A function bound to a key with `ceditline_add_function`; returns one of the `CC_` codes.
typedef unsigned char (*ceditline_key_function)(EditLine *, int);

/// Uses emacs key bindings.
static inline int ceditline_use_emacs(EditLine *editor) {
  return el_set(editor, EL_EDITOR, "emacs");
}

/// Turns a terminal mode flag of the editing mode on (`"isig"`) or off (`"-isig"`).
static inline int ceditline_set_editing_tty_flag(EditLine *editor, const char *flag) {
  return el_set(editor, EL_SETTY, "-d", flag, NULL);
}

/// Sets the function that returns the prompt.
static inline int ceditline_set_prompt(EditLine *editor, ceditline_prompt_function prompt) {
  return el_set(editor, EL_PROMPT, prompt);
}

/// Sets the function libedit reads characters with, in place of reading the terminal itself.
static inline int ceditline_set_read_function(EditLine *editor, el_rfunc_t read) {
  return el_set(editor, EL_GETCFN, read);
}

/// Stores a pointer the callbacks can get back with `ceditline_client_data`.
static inline int ceditline_set_client_data(EditLine *editor, void *data) {
  return el_set(editor, EL_CLIENTDATA, data);
}

/// The pointer stored with `ceditline_set_client_data`.
static inline void *ceditline_client_data(EditLine *editor) {
  void *data = NULL;
  el_get(editor, EL_CLIENTDATA, &data);
  return data;
}

/// Binds a key sequence (e.g. `"^W"` or `"\\e[H"`) to an editor command by name.
static inline int ceditline_bind(EditLine *editor, const char *keys, const char *command) {
  return el_set(editor, EL_BIND, keys, command, NULL);
}

/// Adds an editor command implemented by `function`, to bind keys to.
static inline int ceditline_add_function(EditLine *editor, const char *name, const char *help, ceditline_key_function function) {
  return el_set(editor, EL_ADDFN, name, help, function);
}

/// Redraws the prompt and the line from the start of the cursor's row.
static inline int ceditline_refresh(EditLine *editor) {
  return el_set(editor, EL_REFRESH);
}

/// Lets the editor browse and search `history`.
static inline int ceditline_set_history(EditLine *editor, History *history_) {
  return el_set(editor, EL_HIST, history, history_);
}

/// The terminal's width in columns, as the editor knows it.
static inline int ceditline_columns(EditLine *editor) {
  int columns = 0;
  if (el_get(editor, EL_GETTC, "co", &columns) != 0) return 80;
  return columns > 0 ? columns : 80;
}

/// Keeps at most `size` entries.
static inline int ceditline_history_set_size(History *history_, int size) {
  HistEvent event;
  return history(history_, &event, H_SETSIZE, size);
}

/// Skips an entry equal to the one before it.
static inline int ceditline_history_set_unique(History *history_) {
  HistEvent event;
  return history(history_, &event, H_SETUNIQUE, 1);
}

/// Adds an entry, the newest.
static inline int ceditline_history_enter(History *history_, const char *line) {
  HistEvent event;
  return history(history_, &event, H_ENTER, line);
}

#endif
