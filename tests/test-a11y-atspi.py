#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a screen reader reads over AT-SPI from the running app (issue 27): the sidebar's
rows and search entry named, the settlement's rows with their amounts, Statistics'
players as a table (rows named by player, column headers, cells named with their
heading). A night is made with deuces-cli, the app started on it, and its accessible
tree read by role and name, as Orca would.

Needs DEUCES_APP, DEUCES_CLI, GSETTINGS_SCHEMA_DIR, a display and a session bus (the
test command provides them). Prints TAP."""

import json
import os
import subprocess
import tempfile

from atspi_app import click, close_log, find, ok, start, stop, walk, wait_for

CLI = os.environ["DEUCES_CLI"]


def actionable(root, name):
    """The first node named @name that can be clicked (a menu button's inner button)."""
    for node in walk(root):
        try:
            if node.name == name and node.queryAction().nActions > 0:
                return node
        except Exception:
            continue
    return None


def cli(env, *args):
    return subprocess.run([CLI] + list(args), env=env, check=True, capture_output=True, text=True).stdout


def main():
    print("1..9", flush=True)
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ)
        env["DEUCES_DB"] = os.path.join(scratch, "ledger.sqlite3")
        env["XDG_DATA_HOME"] = os.path.join(scratch, "data")
        env["XDG_CONFIG_HOME"] = os.path.join(scratch, "config")
        env["GSETTINGS_BACKEND"] = "memory"
        env["LC_ALL"] = "C.UTF-8"
        env["LANGUAGE"] = "C"
        env.pop("GTK_A11Y", None)
        env["NO_AT_BRIDGE"] = "0"

        # 000 Scoring: Ann goes out, Bo 5, Cy 3 and Di 13 cards (39 points) at 0.50 HKD.
        session = cli(env, "session", "new", "--variant", "classic", "--players", "Ann,Bo,Cy,Di",
                      "--stake", "0.50", "--currency", "HKD", "--title", "Friday").strip()
        cli(env, "deal", "add", session, "--winner", "Ann", "--left", "Bo=5,Cy=3,Di=13")
        shown = json.loads(cli(env, "session", "show", session, "--json"))

        process, app = start(env)
        try:
            row = wait_for(lambda: find(app, "list item", "Friday, "), "the sidebar's row")
            ok(row.name.startswith("Friday, ") and "Ann, Bo, Cy, Di" in row.name
               and "Classic · 1 deal · Ann ahead" in row.name and row.name.endswith(", in play"),
               "the sidebar's row says title, day, players, leader and state: " + row.name)
            search = find(app, None, "Search titles and players", showing=False, exact=True)
            ok(search is not None and search.getRoleName() in ("entry", "text"),
               "the search entry is named (%s)" % (search.getRoleName() if search else "none"))

            click(wait_for(lambda: find(app, None, "Settlement"), "the Settlement tab"))
            for transfer in shown["transfers"]:
                name = "%s pays %s %s HKD" % (transfer["from"], transfer["to"], transfer["amount"])
                wait_for(lambda: find(app, "list item", name, exact=True), "the row " + name)
            ok(True, "each transfer's row says its amount: %d rows" % len(shown["transfers"]))
            balance = "Ann: +%s HKD" % shown["balances"]["Ann"]
            ok(wait_for(lambda: find(app, "list item", balance, exact=True), balance) is not None,
               "a balance's row says its amount: " + balance)

            click(wait_for(lambda: actionable(app, "Main Menu"), "the main menu"))
            click(wait_for(lambda: find(app, "menu item", "Statistics"), "Statistics in the menu"))
            table = wait_for(lambda: find(app, "table", "Player statistics", exact=True), "the players' table")
            ok(True, "Statistics' players are a table")
            ann = wait_for(lambda: find(table, "table row", "Ann", exact=True), "Ann's row")
            ok(ann is not None, "a row of the table is named by its player")
            # GTK 4.8 gives AT-SPI a column header as a "filler": the headings' row is
            # named by them, and each cell below carries its heading (next check).
            first = table.getChildAtIndex(0)
            headers = [first.getChildAtIndex(i).name for i in range(first.childCount)]
            ok(first.getRoleName() == "table row" and headers[:4] == ["Player", "Sessions", "Deals", "Wins"]
               and first.name.startswith("Player, Sessions, Deals, Wins"),
               "the first row holds the headings: %s" % first.name)
            header = find(ann, "row header", "Ann", exact=True)
            ok(header is not None, "the player's cell is the row's header")
            cells = [node.name for node in walk(ann) if node.getRoleName() == "table cell"]
            ok("Wins: 1" in cells and "Deals: 1" in cells,
               "each cell says its heading and value: %r" % cells)
        finally:
            stop(process)


if __name__ == "__main__":
    try:
        main()
    finally:
        close_log()
