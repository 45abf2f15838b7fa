"""Prints a report's rows as a plain table or as Markdown.

A row of one cell is a section heading: on a line of its own in the plain table, in bold in
Markdown. Every other row has one cell per column of the header.
"""


def print_table(header, rows, markdown):
    """Prints `rows` under `header`, padded to columns, or as a Markdown table."""
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for row in rows:
            if len(row) == 1:
                print(f"| **{row[0]}** |" + " |" * (len(header) - 1))
            else:
                print("| " + " | ".join(row) + " |")
        return
    widths = [max(len(r[i]) for r in list(rows) + [header] if len(r) > 1) for i in range(len(header))]
    line = "  ".join(h.ljust(w) for h, w in zip(header, widths))
    print(line)
    print("-" * len(line))
    for row in rows:
        if len(row) == 1:
            print(row[0])
        else:
            print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
