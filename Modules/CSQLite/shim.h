#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

// NB: Swift cannot call C variadic functions, so the `sqlite3_db_config` options the app sets
// are reached through these typed wrappers, one per option.

/// Turns the connection's triggers on (`enabled` 1) or off (0), as
/// `SQLITE_DBCONFIG_ENABLE_TRIGGER` does; returns whether they are on afterwards (1 or 0), or -1
/// when SQLite refused the option. SQLite prepares the connection's statements again after a
/// change, so a statement made before it runs with the triggers as they are now.
static inline int csqlite_enable_triggers(sqlite3 *db, int enabled) {
  int now = -1;
  if (sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, enabled, &now) != SQLITE_OK) return -1;
  return now;
}

#endif
