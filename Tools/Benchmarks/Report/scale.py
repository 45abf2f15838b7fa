"""The "Scale" section of the benchmark report: the ScaleBenchmarks group's figures.

For each command, its cost per line (the slope between a short and a long piped run of the
release app) at each list size, with its ratio to size 0 and to the size below; the lines
printed per `add`; the start to the first prompt and the peak memory at each size, and the
memory per todo above the empty app; the cold import of a `todos.json`; two apps adding todos
to one database at once; two typed apps watching each other's adds under load; and the latency
of lines typed at a pseudo-terminal. Each figure is
the median of its runs, except the typed latency's p99 and maximum.
"""
import re

from table import print_table

# (benchmark's command, label, goal): the goal is (reference size, size it applies at, most
# times the reference's figure): the project's goals. At size 0 a command that needs a todo runs over
# the few its scripts add first (ScaleCommand.todosNeeded).
GOAL_SIZE = 1_000_000
COMMANDS = [
    ("inc", "inc (touches no todo)", (0, GOAL_SIZE, 1.5)),
    ("add", "add x N", (0, GOAL_SIZE, 1.5)),
    ("edit", "edit 1 y/z", (0, GOAL_SIZE, 1.5)),
    ("done", "done 1", (0, GOAL_SIZE, 1.5)),
    ("rm", "rm 1", (0, GOAL_SIZE, 1.5)),
    ("mv", "mv 1 2", (0, GOAL_SIZE, 1.5)),
]
# `done 950000` runs only over lists that long: reported, its "× size 0" against `done 1`'s.
FAR_COMMAND = ("done950000", "done 950000 (× size 0: done 1's)", "done")
# A command that touches one todo: the app's slope at most this multiple of the same SQL in a
# plain loop, at each size.
SQL_FLOOR_GOAL = 2
# The cold import: at most these multiples of its floors' time and peak memory.
IMPORT_TIME_GOAL = 1.5
IMPORT_MEMORY_GOAL = 1.2
# Finds: their cost per line at each size, against FIND_GOAL_NS at GOAL_SIZE, beside the floor
# of a LIKE scan's count and first page over the same list (Scale.FindLikeFloor).
FIND_COMMANDS = [
    ("findEvery", "find todo/TODO (a word every todo has)"),
    ("findOne", "find 0/0 todo (a word one todo has)"),
]
FIND_GOAL_NS = 20e6
# `find todo` and `done 950000` alternately, over lists that long: a match far down a find's,
# its "× size 0" against `find todo/TODO`'s.
FAR_FIND_COMMAND = ("findFar", "find todo, done 950000 (× size 0: find todo/TODO's)", "findEvery")
# `undo` alternates with `rm 1`: an undo's cost is twice the slope less rm's, against rm's.
UNDO_MOST_TIMES_RM = 1.5
LINES_PER_ADD_GOAL = 30
TYPED_MAX_GOAL_NS = 50e6
# Two typed apps adding in turns under load: per command, line to redraw (max); per commit, line
# to the other app's redraw (p50 and max).
WATCHING_REDRAW_MAX_GOAL_NS = 50e6
WATCHING_SEEN_P50_GOAL_NS = 50e6
WATCHING_SEEN_MAX_GOAL_NS = 500e6
START_ABOVE_EMPTY_GOAL_NS = 100e6
MEMORY_ABOVE_EMPTY_GOAL_BYTES = 20e6

HEADER = ("figure", "size", "median", "× size 0", "× size below", "app CPU", "goal", "met")


def figure(tables, benchmark, metric, percentile=50):
    """The value at `percentile` of `metric` of `benchmark`, or None."""
    # NB: file names are "<baseline>.<target>.<benchmark>.<metric>": match the end.
    wanted = f".{benchmark}.{metric}".replace(" ", "_")
    for name, (_, values) in tables.items():
        if name.replace(" ", "_").endswith(wanted):
            return values.get(percentile)
    return None


def sizes_measured(tables, kind):
    """The list sizes the `Scale.<kind>(<size>)` benchmarks ran at, smallest first."""
    sizes = set()
    for name in tables:
        match = re.search(r"\.Scale\." + re.escape(kind) + r"\((\d+)\)\.", name)
        if match:
            sizes.add(int(match.group(1)))
    return sorted(sizes)


def show_time(ns):
    for unit, size in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= size:
            return f"{ns / size:.3g} {unit}"
    return f"{ns:.3g} ns"


def show_bytes(count):
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if count >= size:
            return f"{count / size:.3g} {unit}"
    return f"{count:.3g} B"


def ratio(value, reference):
    return f"{value / reference:.3g}×" if value is not None and reference else ""


def per_size(label, values, show, goal=None, cpu=None, zero=None):
    """Rows of one figure, a size a row: the value, its ratios to size 0 (or to `zero`) and to
    the size below, the app's CPU time for it (`cpu`, by size) and `goal(size, value, values)`
    as (goal text, met) where a goal applies."""
    rows = []
    sizes = sorted(values)
    reference = zero if zero is not None else values.get(0)
    for index, size in enumerate(sizes):
        value = values[size]
        below = values[sizes[index - 1]] if index > 0 else None
        goal_text, met = goal(size, value, values) if goal and value is not None else ("", "")
        rows.append((
            label if index == 0 else "",
            f"{size:,}",
            show(value) if value is not None else "—",
            ratio(value, reference) if size != 0 else "",
            ratio(value, below) if index > 0 else "",
            show_time(cpu[size]) if cpu and cpu.get(size) is not None else "",
            goal_text,
            met,
        ))
    return rows


def command_goal(reference, at, most):
    def goal(size, value, values):
        if size != at or not values.get(reference):
            return ("", "")
        text = f"≤ {most:g}× size {reference:,}"
        return (text, "yes" if value / values[reference] <= most else "NO")
    return goal


def above_empty_goal(most, show):
    """The goal of a figure at GOAL_SIZE: at most `most` above its value at size 0; the text
    says by how much it is above."""
    def goal(size, value, values):
        if size != GOAL_SIZE or values.get(0) is None:
            return ("", "")
        above = value - values[0]
        sign = "+" if above >= 0 else "−"
        return (f"≤ size 0 + {show(most)} ({sign}{show(abs(above))})", "yes" if above <= most else "NO")
    return goal


def find_and_undo_rows(tables):
    """Each find's cost per line, the LIKE scan beside it, and an undo's cost beside rm's."""
    result = [("Scale: find and undo (piped slopes; the LIKE floor read straight from the database)",)]
    find_goal = lambda size, value, values: (
        (f"≤ {show_time(FIND_GOAL_NS)}", "yes" if value <= FIND_GOAL_NS else "NO") if size == GOAL_SIZE else ("", ""))
    for command, label in FIND_COMMANDS:
        sizes = sizes_measured(tables, command)
        values = {size: figure(tables, f"Scale.{command}({size})", "ns per command") for size in sizes}
        cpu = {size: figure(tables, f"Scale.{command}({size})", "cpu ns per command") for size in sizes}
        result += per_size(label, values, show_time, find_goal, cpu)
    command, label, reference_command = FAR_FIND_COMMAND
    sizes = sizes_measured(tables, command)
    values = {size: figure(tables, f"Scale.{command}({size})", "ns per command") for size in sizes}
    cpu = {size: figure(tables, f"Scale.{command}({size})", "cpu ns per command") for size in sizes}
    zero = figure(tables, f"Scale.{reference_command}(0)", "ns per command")
    result += per_size(label, values, show_time, find_goal, cpu, zero)
    sizes = sizes_measured(tables, "FindLikeFloor")
    floor = {size: figure(tables, f"Scale.FindLikeFloor({size})", "ns per command") for size in sizes}
    result += per_size("LIKE '%todo%': count and first page (floor)", floor, show_time)
    rm = {size: figure(tables, f"Scale.rm({size})", "ns per command") for size in sizes_measured(tables, "rm")}
    undo = {}
    for size in sizes_measured(tables, "undo"):
        both = figure(tables, f"Scale.undo({size})", "ns per command")
        undo[size] = 2 * both - rm[size] if both is not None and rm.get(size) is not None else None

    def undo_goal(size, value, values):
        if not rm.get(size):
            return ("", "")
        return (f"≤ {UNDO_MOST_TIMES_RM:g}× rm 1 ({ratio(value, rm[size])})", "yes" if value <= UNDO_MOST_TIMES_RM * rm[size] else "NO")
    result += per_size("undo of rm 1 (2 × slope of rm 1/undo − rm 1's)", undo, show_time, undo_goal)
    return result


def rows(tables):
    """The section's rows: a title is a 1-tuple, a figure a tuple of len(HEADER)."""
    result = [("Scale: per command, piped (slope of wall clock between a short and a long script)",)]
    for command, label, (reference, at, most) in COMMANDS:
        sizes = sizes_measured(tables, command)
        values = {size: figure(tables, f"Scale.{command}({size})", "ns per command") for size in sizes}
        cpu = {size: figure(tables, f"Scale.{command}({size})", "cpu ns per command") for size in sizes}
        result += per_size(label, values, show_time, command_goal(reference, at, most), cpu)
    command, label, reference_command = FAR_COMMAND
    sizes = sizes_measured(tables, command)
    values = {size: figure(tables, f"Scale.{command}({size})", "ns per command") for size in sizes}
    cpu = {size: figure(tables, f"Scale.{command}({size})", "cpu ns per command") for size in sizes}
    zero = figure(tables, f"Scale.{reference_command}(0)", "ns per command")
    result += per_size(label, values, show_time, lambda size, value, values: ("reported", ""), cpu, zero)

    result.append(("Scale: per command, the same SQL through GRDB in a plain loop (floor; goal: the app's slope ≤ "
                   f"{SQL_FLOOR_GOAL:g}× it)",))
    for command, label, _ in COMMANDS:
        sizes = sizes_measured(tables, f"Floor.SQL.{command}")
        floors = {size: figure(tables, f"Scale.Floor.SQL.{command}({size})", "ns per command") for size in sizes}
        apps = {size: figure(tables, f"Scale.{command}({size})", "ns per command") for size in sizes}

        def floor_goal(size, value, values, apps=apps):
            app = apps.get(size)
            if app is None or not value:
                return ("", "")
            return (f"app ≤ {SQL_FLOOR_GOAL:g}× ({app / value:.3g}×)", "yes" if app <= SQL_FLOOR_GOAL * value else "NO")
        result += per_size(f"{label}: the SQL alone", floors, show_time, floor_goal)
    result += find_and_undo_rows(tables)

    result.append(("Scale: lines printed per add (slope)",))
    values = {size: figure(tables, f"Scale.add({size})", "lines per 1000 commands") for size in sizes_measured(tables, "add")}
    values = {size: value / 1000 if value is not None else None for size, value in values.items()}
    lines_goal = lambda size, value, values: (f"≤ {LINES_PER_ADD_GOAL}", "yes" if value <= LINES_PER_ADD_GOAL else "NO")
    result += per_size("add x N", values, lambda v: f"{v:.3g}", lines_goal)

    result.append(("Scale: start and memory (typed: spawn to the first prompt, then quit)",))
    sizes = sizes_measured(tables, "Start")
    starts = {size: figure(tables, f"Scale.Start({size})", "ns to prompt") for size in sizes}
    result += per_size("start to first prompt", starts, show_time, above_empty_goal(START_ABOVE_EMPTY_GOAL_NS, show_time))
    memory = {size: figure(tables, f"Scale.Start({size})", "peak resident bytes") for size in sizes}
    result += per_size("peak memory", memory, show_bytes, above_empty_goal(MEMORY_ABOVE_EMPTY_GOAL_BYTES, show_bytes))
    empty = memory.get(0)
    per_todo = {size: (memory[size] - empty) / size for size in sizes if size > 0 and empty and memory[size] is not None}
    result += per_size("memory per todo above size 0", per_todo, show_bytes)
    adding = {size: figure(tables, f"Scale.add({size})", "peak resident bytes") for size in sizes_measured(tables, "add")}
    result += per_size("peak memory, long add script", adding, show_bytes)

    for size in sizes_measured(tables, "Import"):
        result.append((f"Scale: cold import of a todos.json of {size:,} todos (typed: spawn to the first prompt, then quit)",))
        name = f"Scale.Import({size})"
        start, peak = figure(tables, name, "ns to prompt"), figure(tables, name, "peak resident bytes")
        for label, value, show, empty_value in (
            ("start to first prompt", start, show_time, starts.get(0)),
            ("peak memory", peak, show_bytes, memory.get(0)),
        ):
            shown = show(value) if value is not None else "—"
            result.append((label, f"{size:,}", shown, ratio(value, empty_value), "", "", "", ""))
        # NB: the floors: the file decoded and inserted in one transaction by a program with no
        #     framework (spawn to exit), and the file decoded alone (its peak: the decoded array's).
        floor_time = figure(tables, f"Scale.Floor.Import({size})", "ns to prompt")
        floor_memory = figure(tables, f"Scale.Floor.Decode({size})", "peak resident bytes")
        for label, value, app, show, most in (
            ("decode + one insert transaction, words left to read (floor)", floor_time, start, show_time, IMPORT_TIME_GOAL),
            ("peak memory of the decoded array (floor)", floor_memory, peak, show_bytes, IMPORT_MEMORY_GOAL),
        ):
            if value is None:
                continue
            goal_text, met = "", ""
            if app is not None:
                goal_text = f"app ≤ {most:g}× ({app / value:.3g}×)"
                met = "yes" if app <= most * value else "NO"
            result.append((label, f"{size:,}", show(value), "", "", "", goal_text, met))

    for lines in sizes_measured(tables, "TwoApps"):
        result.append((f"Scale: two apps over one database at once, each piped {lines:,} add lines (spawn to both exits)",))
        both = figure(tables, f"Scale.TwoApps({lines})", "ns until both exit")
        one = figure(tables, "Scale.add(0)", "ns per command")
        per_todo = both / (2 * lines) if both is not None else None
        result.append(("until both exit", f"2 × {lines:,}", show_time(both) if both is not None else "—", "", "", "", "", ""))
        # NB: "× size 0" here is against one app's `add` at size 0 (its slope): what one more
        #     line costs one app alone.
        result.append(("per todo added (× size 0: add's)", f"2 × {lines:,}", show_time(per_todo) if per_todo is not None else "—",
                       ratio(per_todo, one), "", "", "", ""))

    for lines in sizes_measured(tables, "TwoAppsWatching"):
        result.append((f"Scale: two typed apps on one list, each adding {lines:,} todos in turns while the other watches, "
                       "every core loaded by a third process",))
        name = f"Scale.TwoAppsWatching({lines})"
        goals = {
            ("ns to redraw", 100): WATCHING_REDRAW_MAX_GOAL_NS,
            ("ns to seen by the other", 50): WATCHING_SEEN_P50_GOAL_NS,
            ("ns to seen by the other", 100): WATCHING_SEEN_MAX_GOAL_NS,
        }
        for metric, what in (("ns to redraw", "line to its app's redraw"), ("ns to seen by the other", "line to the other app's redraw")):
            for label, percentile in (("p50", 50), ("p99", 99), ("max", 100)):
                value = figure(tables, name, metric, percentile)
                goal = goals.get((metric, percentile))
                goal_text, met = "", ""
                if goal is not None and value is not None:
                    goal_text, met = f"≤ {show_time(goal)}", "yes" if value <= goal else "NO"
                result.append((f"{what}, {label}", f"2 × {lines:,}", show_time(value) if value is not None else "—",
                               "", "", "", goal_text, met))

    for size in sizes_measured(tables, "Typed"):
        result.append((f"Scale: typed add x N at {size:,} todos, one line at a time (line to redraw)",))
        name = f"Scale.Typed({size})"
        for index, (label, percentile) in enumerate((("p50", 50), ("p99", 99), ("max", 100))):
            value = figure(tables, name, "ns to redraw", percentile)
            goal_text, met = "", ""
            if percentile == 100 and value is not None:
                goal_text, met = f"≤ {show_time(TYPED_MAX_GOAL_NS)}", "yes" if value <= TYPED_MAX_GOAL_NS else "NO"
            result.append((label, f"{size:,}", show_time(value) if value is not None else "—", "", "", "", goal_text, met))
    return result


def measured(tables):
    """Whether any Scale benchmark ran."""
    return any(".Scale." in name for name in tables)


def print_section(tables, markdown):
    """Prints the section as a plain table, or as Markdown."""
    print_table(HEADER, rows(tables), markdown)
