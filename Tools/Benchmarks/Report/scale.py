"""The "Scale" section of the benchmark report: the ScaleBenchmarks group's figures.

For each command, its cost per line (the slope between a short and a long piped run of the
release app) at each list size, with its ratio to size 0 and to the size below; the lines
printed per `add`; the start to the first prompt and the peak memory at each size, and the
memory per todo above the empty app; and the latency of lines typed at a pseudo-terminal. Each
figure is the median of its runs, except the typed latency's p99 and maximum.
"""
import re

from table import print_table

# (benchmark's command, label, goal): the goal is (reference size, size it applies at, most
# times the reference's figure), from the issue.
COMMANDS = [
    ("inc", "inc (touches no todo)", (0, 100_000, 1.5)),
    ("add", "add x N", (10_000, 100_000, 10)),
    ("edit", "edit 1 y/z", (10_000, 100_000, 10)),
    ("done", "done 1", (10_000, 100_000, 10)),
    ("rm", "rm 1", (10_000, 100_000, 10)),
]
LINES_PER_ADD_GOAL = 30
TYPED_MAX_GOAL_NS = 50e6
BYTES_PER_TODO_GOAL = 300

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


def per_size(label, values, show, goal=None, cpu=None):
    """Rows of one figure, a size a row: the value, its ratios to size 0 and to the size below,
    the app's CPU time for it (`cpu`, by size) and `goal(size, value, values)` as (goal text,
    met) where a goal applies."""
    rows = []
    sizes = sorted(values)
    for index, size in enumerate(sizes):
        value = values[size]
        below = values[sizes[index - 1]] if index > 0 else None
        goal_text, met = goal(size, value, values) if goal and value is not None else ("", "")
        rows.append((
            label if index == 0 else "",
            f"{size:,}",
            show(value) if value is not None else "—",
            ratio(value, values.get(0)) if size != 0 else "",
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


def rows(tables):
    """The section's rows: a title is a 1-tuple, a figure a tuple of len(HEADER)."""
    result = [("Scale: per command, piped (slope of wall clock between a short and a long script)",)]
    for command, label, (reference, at, most) in COMMANDS:
        sizes = sizes_measured(tables, command)
        values = {size: figure(tables, f"Scale.{command}({size})", "ns per command") for size in sizes}
        cpu = {size: figure(tables, f"Scale.{command}({size})", "cpu ns per command") for size in sizes}
        result += per_size(label, values, show_time, command_goal(reference, at, most), cpu)

    result.append(("Scale: lines printed per add (slope)",))
    values = {size: figure(tables, f"Scale.add({size})", "lines per 1000 commands") for size in sizes_measured(tables, "add")}
    values = {size: value / 1000 if value is not None else None for size, value in values.items()}
    lines_goal = lambda size, value, values: (f"≤ {LINES_PER_ADD_GOAL}", "yes" if value <= LINES_PER_ADD_GOAL else "NO")
    result += per_size("add x N", values, lambda v: f"{v:.3g}", lines_goal)

    result.append(("Scale: start and memory (typed: spawn to the first prompt, then quit)",))
    sizes = sizes_measured(tables, "Start")
    values = {size: figure(tables, f"Scale.Start({size})", "ns to prompt") for size in sizes}
    result += per_size("start to first prompt", values, show_time)
    memory = {size: figure(tables, f"Scale.Start({size})", "peak resident bytes") for size in sizes}
    result += per_size("peak memory", memory, show_bytes)
    empty = memory.get(0)
    per_todo = {size: (memory[size] - empty) / size for size in sizes if size > 0 and empty and memory[size] is not None}
    memory_goal = lambda size, value, values: (f"≤ {BYTES_PER_TODO_GOAL} B", "yes" if value <= BYTES_PER_TODO_GOAL else "NO")
    result += per_size("memory per todo above size 0", per_todo, show_bytes, memory_goal)
    adding = {size: figure(tables, f"Scale.add({size})", "peak resident bytes") for size in sizes_measured(tables, "add")}
    result += per_size("peak memory, long add script", adding, show_bytes)

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
