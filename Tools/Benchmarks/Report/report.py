#!/usr/bin/env python3
"""Prints the benchmark figures beside their floors, anchors and goals.

    report.py <dir with package-benchmark's histogramPercentiles export> [--markdown]

Reads the median (p50) of each benchmark's metrics, converts times to nanoseconds per
operation, and prints one row per figure: the median, its ratio to the floor (the same work
without the framework, measured in the same run), its ratio to the anchor (a figure measured
on this kind of machine, a reference for the same work), the goal, and whether the goal is met. Then, when
the ScaleBenchmarks group ran, the "Scale" section (scale.py): each figure at each list size.
"""
import glob
import os
import re
import sys

# NB: No __pycache__ beside the sources.
sys.dont_write_bytecode = True
import scale  # noqa: E402
from table import print_table  # noqa: E402

NS = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
# NB: package-benchmark writes a count of a metric whose units are not fixed in thousands,
#     millions, … once it is large ("cpu microseconds (K)", 11 for 11,000): read back as counts.
COUNTS = {"#": 1, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15}

# (label, benchmark, metric, floor benchmark, anchor in ns or None, anchor note, goal kind, goal value)
# goal kinds: "ns" (at most this many ns), "x-floor" (at most this multiple of the floor),
# "count" (at most this many), "x-other" (at most the other benchmark's median times value),
# "x-anchor" (at most this multiple of the anchor).
FIGURES = [
    ("Store", None),
    ("Reducer.Switch (floor)", ("Reducer.Switch", "wallClock", None, 16.9, "direct switch 16.9 ns", None)),
    ("Reducer.Prepared (tree, no store)", ("Reducer.Prepared", "wallClock", "Reducer.Switch", None, "", None)),
    ("Reducer.Direct (body per call)", ("Reducer.Direct", "wallClock", "Reducer.Switch", None, "", None)),
    ("naive main-actor store: send (floor)", ("Floor.NaiveStore.Send", "wallClock", None, 63, "naive main-actor store 63–87 ns", None)),
    ("Store.Send (one observer)", ("Store.Send", "wallClock", "Floor.NaiveStore.Send", None, "", ("x-floor", 1.5))),
    ("a dictionary look-up (floor)", ("Floor.Dictionary.Lookup", "wallClock", None, None, "", None)),
    ("the same, its key made from scope's literals (floor)", ("Floor.Dictionary.LookupByLiterals", "wallClock", "Floor.Dictionary.Lookup", None, "", None)),
    ("Store.Scope", ("Store.Scope", "wallClock", "Floor.Dictionary.Lookup", None, "", ("x-floor", 3))),
    ("Store.Access", ("Store.Access", "wallClock", None, None, "", None)),
    ("NestedStore.Scope (10)", ("NestedStore.Scope", "wallClock", "Floor.Dictionary.Lookup", None, "", ("x-floor", 30))),
    ("1 hand-written embedding: send (floor)", ("Floor.Embedded.Send(1)", "wallClock", None, None, "", None)),
    ("10 hand-written embeddings: send (floor)", ("Floor.Embedded.Send(10)", "wallClock", None, None, "", None)),
    ("NestedStore.Send (10)", ("NestedStore.Send", "wallClock", "Floor.Embedded.Send(10)", None, "", ("x-other", ("Store.Send", 2)))),
    ("NestedStore.RootSend", ("NestedStore.RootSend", "wallClock", "Floor.NaiveStore.Send", None, "", None)),
    ("NestedStore.NestedSend(1)", ("NestedStore.NestedSend(1)", "wallClock", "Floor.Embedded.Send(1)", None, "", ("x-other", ("Store.Send", 2)))),
    ("NestedStore.Access (10)", ("NestedStore.Access", "wallClock", None, None, "", None)),
    ("PresentedStore.Send (one observer)", ("PresentedStore.Send", "wallClock", "Floor.NaiveStore.Send", None, "", ("x-floor", 1.5))),
    ("PresentedStore.NestedSend(1)", ("PresentedStore.NestedSend(1)", "wallClock", "Floor.Embedded.Send(1)", None, "", ("x-other", ("PresentedStore.Send", 2)))),
    ("PresentedStore.NestedSend(10)", ("PresentedStore.NestedSend(10)", "wallClock", "Floor.Embedded.Send(10)", None, "", ("x-other", ("PresentedStore.Send", 2)))),
    ("CollectionStore.ForEachSend (100 rows)", ("CollectionStore.ForEachSend", "wallClock", "Floor.Embedded.Send(1)", None, "", None)),
    ("CollectionStore.ForEachSend (10,000 rows)", ("CollectionStore.ForEachSend(10000)", "wallClock", "Floor.Embedded.Send(1)", None, "", ("x-other", ("CollectionStore.ForEachSend", 1.5)))),
    ("CollectionStore.StackSend (10 screens)", ("CollectionStore.StackSend", "wallClock", "Floor.Embedded.Send(1)", None, "", None)),
    ("Store.Send.Composed (AppFeature)", ("Store.Send.Composed", "wallClock", "Floor.NaiveStore.Send", None, "", ("x-other", ("Store.Send", 3)))),
    ("Effects", None),
    ("10,000 .run started and finished", ("Effects.Run(10000)", "wallClock", None, None, "", None)),
    ("10,000 cancellable started, cancelled", ("Effects.Cancel(10000)", "wallClock", None, None, "", None)),
    (".merge of 1,000 .send", ("Effects.Merge(1000)", "wallClock", None, None, "", None)),
    ("Shared", None),
    ("Mutex<Int>.withLock (floor)", ("Mutex.withLock", "wallClock", None, 5.8, "Mutex 5.8 ns", None)),
    ("withLock on .inMemory", ("Shared.withLock.InMemory", "wallClock", "Mutex.withLock", 21810, "swift-sharing 21,810 ns", ("ns", 100))),
    ("withLock on Shared(value:)", ("Shared.withLock.Value", "wallClock", "Mutex.withLock", None, "", ("ns", 100))),
    ("Shared read", ("Shared.Read", "wallClock", "Mutex.withLock", 10134, "swift-sharing 10,134 ns", ("ns", 50))),
    ("1,000 file-backed appends: CPU", ("Shared.FileAppend(1000)", "cpu microseconds", None, 501e6, "swift-sharing 501 ms", ("ns", 20e6))),
    ("1,000 file-backed appends: file writes", ("Shared.FileAppend(1000)", "file writes", None, 2, "swift-sharing 2", ("count", 3))),
    ("1,000 file-backed appends: on disk at", ("Shared.FileAppend(1000)", "wallClock", None, 1007e6, "swift-sharing 1,007 ms", ("ns", 1.1e9))),
    ("JSONDecoder, 10,000 items (floor)", ("JSONDecoder.ColdLoad(10000)", "wallClock", None, 53.9e6, "JSONDecoder 53.9 ms", None)),
    ("cold load of 10,000 items", ("Shared.ColdLoad(10000)", "wallClock", "JSONDecoder.ColdLoad(10000)", 75.0e6, "swift-sharing 75.0 ms", ("x-floor", 1.1))),
    ("HTTP", None),
    ("1,000 GETs, URLSession (floor)", ("HTTP.URLSession.GET(1000)", "wallClock", None, 1.08e9, "URLSession 1.08 s", None)),
    ("1,000 GETs, live client (libcurl)", ("HTTP.Live.GET(1000)", "wallClock", "HTTP.URLSession.GET(1000)", 0.31e9, "libcurl probe 0.31 s", ("x-floor", 1 / 3))),
    ("cancel() to return, hanging request", ("HTTP.Cancel", "wallClock", None, None, "", ("ns", 10e6))),
    ("App", None),
    ("a program that links what the app links and prints the prompt (floor)", ("Floor.StartToPrompt", "wallClock", None, None, "", None)),
    # NB: the anchor is a hello world linked with libcurl, timed on this kind of machine before the
    #     floor was measured in the same run; the goal is still the time.
    ("process start to first prompt", ("App.StartToPrompt", "wallClock", "Floor.StartToPrompt", 23e6, "hello world + libcurl 23 ms", ("ns", 25e6))),
    ("10,000 piped inc lines, a program with no framework (floor)", ("Floor.Piped(10000)", "wallClock", None, None, "", None)),
    # NB: the anchor is the release app of 251faf4 on this machine, whose 0.43x was the goal before
    #     the floor was measured (RESULTS.md, "The piped goal"); the goal is now the floor's.
    ("10,000 piped counter commands", ("App.Piped(10000)", "wallClock", "Floor.Piped(10000)", 282.8e6, "`251faf4` 282.8 ms", ("x-floor", 3))),
    ("the same, recorded (--record)", ("App.PipedRecording(10000)", "wallClock", "App.Piped(10000)", None, "", ("x-floor", 1.1))),
    ("replay of the 10,000 recorded lines", ("App.Replay(10000)", "wallClock", None, None, "", ("ns", 1e9))),
]


def read_percentiles(directory):
    """{file name without its suffix: (header, {percentile: value in ns (times) or count})}."""
    tables = {}
    for path in glob.glob(os.path.join(directory, "*.histogram.percentiles.tsv")):
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
        header = lines[0].split("\t", 1)[1]
        values = dict(line.split("\t") for line in lines[1:] if "\t" in line)
        units = re.findall(r"\(([^)]*)\)", header)
        unit = units[-1].replace("*", "").strip() if units else ""
        scale = NS.get(unit, COUNTS.get(unit, 1))
        name = os.path.basename(path)[: -len(".histogram.percentiles.tsv")]
        tables[name] = (header, {int(p): float(v) * scale for p, v in values.items()})
    return tables


def lookup(medians, benchmark, metric):
    # NB: file names are "<baseline>.<target>.<benchmark>.<metric>": match the end.
    wanted = f".{benchmark}.{metric}".replace(" ", "_")
    for name, (_, value) in medians.items():
        if name.replace(" ", "_").endswith(wanted):
            # NB: a custom metric is a count; this one counts microseconds.
            return value * 1e3 if metric == "cpu microseconds" else value
    return None


def show(value, metric):
    if value is None:
        return "—"
    if metric == "file writes":
        return f"{value:g}"
    for unit, size in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if value >= size:
            return f"{value / size:.3g} {unit}"
    return f"{value:.3g} ns"


def main():
    directory = sys.argv[1]
    markdown = "--markdown" in sys.argv
    tables = read_percentiles(directory)
    medians = {name: (header, values[50]) for name, (header, values) in tables.items()}
    rows = []
    for label, spec in FIGURES:
        if spec is None:
            rows.append((label,))
            continue
        benchmark, metric, floor, anchor, anchor_note, goal = spec
        value = lookup(medians, benchmark, metric)
        floor_value = lookup(medians, floor, metric) if floor else None
        ratio_floor = f"{value / floor_value:.2f}×" if value and floor_value else ""
        ratio_anchor = f"{value / anchor:.3g}×" if value and anchor else ""
        goal_text, met = "", ""
        if goal:
            kind, target = goal
            if kind == "ns":
                goal_text = f"≤ {show(target, metric)}"
                limit = target
            elif kind == "count":
                goal_text = f"≤ {target:g}"
                limit = target
            elif kind == "x-anchor":
                goal_text = f"≤ {target:.3g}× anchor"
                limit = anchor * target
            elif kind == "x-other":
                other, times = target
                goal_text = f"≤ {times:g}× {other}"
                other_value = lookup(medians, other, metric)
                limit = other_value * times if other_value else None
            else:
                goal_text = f"≤ {target:.3g}× floor" if target >= 1 else f"≤ floor ÷ {1 / target:.3g}"
                limit = floor_value * target if floor_value else None
            if value is not None and limit is not None:
                met = "yes" if value <= limit else "NO"
        anchor_text = anchor_note or ""
        rows.append((label, show(value, metric), ratio_floor, anchor_text, ratio_anchor, goal_text, met))
    header = ("figure", "median", "÷ floor", "anchor", "÷ anchor", "goal", "met")
    print_table(header, rows, markdown)
    if scale.measured(tables):
        print()
        scale.print_section(tables, markdown)
    missing = [spec[0] for _, spec in FIGURES if spec and lookup(medians, spec[0], spec[1]) is None]
    if not scale.measured(tables):
        missing.append("Scale.*")
    if missing:
        print(f"\nnot measured: {', '.join(missing)}", file=sys.stderr)


if __name__ == "__main__":
    main()
