/*
 * Two processes sharing one file-backed value through the persistence module's protocol
 * (Modules/Persistence: StoredFile, ThrottledWriter, FileStorageKey), checked by spin.
 *
 * Each process has three threads, as the app has: the main thread, which changes the value
 * (`withLock`: a todo added, the change noted for the writer); the writer, which writes the
 * latest value when a change is noted (under the file lock: read the file, keep an unseen
 * version aside, rename ours in); and the watcher, which takes in a change from outside when
 * the writer is idle, and otherwise sets it aside to be looked at again once it is.
 *
 * A value is a set of todos (a bit each); a file version is the set it holds. Checked:
 *   - no write replaces a version without each of its todos in the new one or kept aside;
 *   - no process's value ever loses a todo it had, unless that todo was kept aside;
 *   - when nothing is left to do, both values are the file's: every change was taken in,
 *     by a process that wrote as by one that only read.
 *
 * Each process first loads the file, then starts watching it and looks at it once more (a
 * change made between the two would otherwise go unseen until the next one).
 *
 * Variants (spin -D…), each of which the check must catch: NO_RECHECK forgets a change set
 * aside while the writer was busy; NO_INITIAL_CHECK does not look again once the watch starts;
 * NO_ASIDE writes over an unseen version without keeping it. ADDS sets the todos per process.
 */

#define N 2
#ifndef ADDS
#define ADDS 2
#endif
#define MAXV (2 * N * ADDS + 2)

byte fileVersion = 0;          /* 0: no file yet */
byte contentOf[MAXV];          /* the todos of each version */
byte nextVersion = 1;
byte aside = 0;                /* todos of the versions kept aside */

byte value[N];                 /* each process's value */
byte everHad[N];               /* every todo each value has held */
byte known[N];                 /* what each process last read or wrote (StoredFile.knownData) */
bool knownSet[N];
bool noted[N];                 /* a change waits to be written */
bool writing[N];
byte activity[N];              /* ThrottledWriter.Activity: grows with each schedule and write */
bool missed[N];                /* a change from outside was set aside while the writer was busy */
bool event[N];                 /* a notification is pending for the watcher */
bool watching[N];              /* the watcher has started: writes from then on notify it */

#define idle(p) (!writing[p] && !noted[p])

/* ThrottledWriter.noteMissedChange: remember it; look again now if the writer is idle. */
inline noteMissed(p) {
  missed[p] = true;
#ifndef NO_RECHECK
  if
  :: idle(p) -> missed[p] = false; event[p] = true
  :: else -> skip
  fi
#endif
}

proctype Main(byte p) {
  byte adds = 0, total;
  /* Each process adds up to ADDS todos: one that only reads (adds none) never writes. */
  if
  :: total = 0
  :: total = 1
  :: total = ADDS
  fi;
  /* The load (RootReference.init), then the watch (FileStorageKey.subscribe). */
  atomic {
    if
    :: fileVersion != 0 ->
       value[p] = contentOf[fileVersion]; known[p] = value[p]; knownSet[p] = true;
       everHad[p] = value[p]
    :: else -> skip
    fi
  }
  atomic {
    watching[p] = true;
#ifndef NO_INITIAL_CHECK
    event[p] = true
#endif
  }
  do
  :: adds < total ->
     atomic {
       value[p] = value[p] | (1 << (p * ADDS + adds));
       everHad[p] = everHad[p] | value[p];
       noted[p] = true;
       activity[p]++;
       adds++
     }
  :: adds == total -> break
  od
}

proctype Writer(byte p) {
  byte data, cur;
end:
  do
  :: atomic { noted[p] && !writing[p] -> writing[p] = true; noted[p] = false; activity[p]++ }
     data = value[p];           /* the job reads the value when it writes */
     atomic {                   /* under the file lock */
       assert(nextVersion < MAXV);
       cur = fileVersion;
#ifndef NO_ASIDE
       if
       :: cur != 0 && !(knownSet[p] && contentOf[cur] == known[p]) && contentOf[cur] != data ->
          aside = aside | contentOf[cur]
       :: else -> skip
       fi;
#endif
       /* nothing of the version replaced is lost: in ours, or kept aside */
       assert(cur == 0 || (contentOf[cur] & ~(data | aside)) == 0);
       contentOf[nextVersion] = data;
       fileVersion = nextVersion;
       nextVersion++;
       known[p] = data;
       knownSet[p] = true;
       if :: watching[0] -> event[0] = true :: else -> skip fi;
       if :: watching[1] -> event[1] = true :: else -> skip fi
     }
     atomic {
       writing[p] = false;
       activity[p]++;
#ifndef NO_RECHECK
       if
       :: missed[p] && !noted[p] -> missed[p] = false; event[p] = true
       :: else -> skip
       fi
#endif
     }
  od
}

proctype Watcher(byte p) {
  byte before, version, data;
end:
  do
  :: atomic { event[p] -> event[p] = false }
     /* StoredFile.externalChange */
     atomic {
       if
       :: !idle(p) -> noteMissed(p); goto next
       :: else -> before = activity[p]
       fi
     }
     atomic { version = fileVersion; data = contentOf[version] }
     atomic {
       if
       :: activity[p] != before || !idle(p) -> noteMissed(p); goto next
       :: version == 0 || (knownSet[p] && known[p] == data) -> goto next
       :: else -> skip
       fi
     }
     /* the value's lock: StoredFile.take, then the value replaced */
     atomic {
       if
       :: activity[p] == before && idle(p) ->
          known[p] = data;
          knownSet[p] = true;
          value[p] = data;
          /* nothing the value held is gone, unless it was kept aside */
          assert((everHad[p] & ~(value[p] | aside)) == 0);
          everHad[p] = everHad[p] | value[p]
       :: else -> noteMissed(p)
       fi
     }
next:
     skip
  od
}

init {
  byte p;
  atomic {
    for (p : 0 .. N - 1) {
      run Main(p); run Writer(p); run Watcher(p)
    }
  }
  /* Nothing is left to do: every change was taken in by both. */
  timeout ->
    assert(value[0] == contentOf[fileVersion] && value[1] == contentOf[fileVersion]);
    assert(((everHad[0] | everHad[1]) & ~(contentOf[fileVersion] | aside)) == 0)
}
