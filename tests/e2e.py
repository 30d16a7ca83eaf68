#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End-to-end test: the real `deuces` binary under Xvfb and a D-Bus session, driven
through AT-SPI by role and name as a screen reader would. Four players, a New Session,
three deals, quit; start again and find the same session with the same totals.

Needs DEUCES_APP (the binary), GSETTINGS_SCHEMA_DIR, a display and a session bus (the
test command provides them). Prints TAP."""

import os
import tempfile

import pyatspi

from atspi_app import click, close_log, find, find_all, ok, start, stop, type_into, wait_for

def scoreboard(app):
    """The players' totals as the scoreboard cards say them: {"Ann": "6 points", …}."""
    totals = {}
    for name in ("Ann", "Bo", "Cy", "Di"):
        card = find(app, "panel", name + ", ")
        if card is None:
            return None
        totals[name] = card.name.split(", ")[1]
    return totals


def main():
    print("1..12", flush=True)
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ)
        env["DEUCES_DB"] = os.path.join(scratch, "ledger.sqlite3")
        env["XDG_DATA_HOME"] = os.path.join(scratch, "data")
        env["XDG_CONFIG_HOME"] = os.path.join(scratch, "config")
        env.pop("GTK_A11Y", None)
        env["GSETTINGS_BACKEND"] = "keyfile"   # settings persist between the two runs
        env["NO_AT_BRIDGE"] = "0"

        process, app = start(env)
        try:
            new = wait_for(lambda: find(app, "push button", "New Session"), "the New Session button")
            ok(True, "the empty window offers New Session")
            click(new)
            dialog = wait_for(lambda: find(app, "frame", "New Session") or find(app, "dialog", "New Session")
                              or (find(app, "text", "Player 1") and app), "the New Session dialog")
            entries = wait_for(lambda: [e for e in find_all(app, "text") if (e.name or "").startswith("Player ")],
                               "the player rows")
            ok(len(entries) == 4, "four seats are offered")
            for entry, name in zip(entries, ("Ann", "Bo", "Cy", "Di")):
                type_into(entry, name)
            start_button = wait_for(lambda: find(app, "push button", "Start"), "the Start button")
            wait_for(lambda: start_button.getState().contains(pyatspi.STATE_SENSITIVE), "Start to be enabled")
            click(start_button)
            # The tree is walked while the dialog closes, as a screen reader would: GTK
            # 4.8 crashed answering for a window that had just gone while a hidden one
            # (the shortcuts window, now built on demand) was last in its list.
            winner = wait_for(lambda: find(app, "push button", "Ann went out"), "the deal editor")
            ok(True, "the session opens on the deal editor")

            deals = [("Ann", {"Bo": "5", "Cy": "3", "Di": "13"}),
                     ("Bo", {"Ann": "2", "Cy": "10", "Di": "1"}),
                     ("Cy", {"Ann": "4", "Bo": "6", "Di": "9"})]
            for number, (who, counts) in enumerate(deals, 1):
                click(wait_for(lambda: find(app, "push button", who + " went out"), who + "'s button"))
                for player, count in counts.items():
                    field = wait_for(lambda: find(app, "text", player + ", cards left"), player + "'s count")
                    type_into(field, count)
                click(wait_for(lambda: find(app, "push button", "Save Deal"), "Save Deal"))
                wait_for(lambda: find(app, "label", "Deal %d" % (number + 1)), "deal %d saved" % number)
                ok(True, "deal %d saved" % number)

            # 000 Scoring: Ann 0+2+4, Bo 5+0+6, Cy 3+20+0, Di 39+1+9.
            expected = {"Ann": "6 points", "Bo": "11 points", "Cy": "23 points", "Di": "49 points"}
            totals = wait_for(lambda: scoreboard(app) == expected and scoreboard(app), "the totals")
            ok(totals == expected, "the scoreboard reads %r" % (totals,))

            bad = wait_for(lambda: find(app, "push button", "Ann went out"), "the deal editor")
            click(bad)
            type_into(wait_for(lambda: find(app, "text", "Bo, cards left"), "Bo's count"), "14")
            type_into(find(app, "text", "Cy, cards left"), "1")
            type_into(find(app, "text", "Di, cards left"), "1")
            click(find(app, "push button", "Save Deal"))
            message = wait_for(lambda: find(app, "label", "holds 14 cards"), "the error message")
            ok("deal 4: Bo holds 14 cards" in message.name, "an impossible deal is refused: " + message.name)
        finally:
            stop(process)
        ok(process.returncode is not None, "the app was stopped")

        # Again: the same session, the same totals, nothing of the refused deal.
        process, app = start(env)
        try:
            totals = wait_for(lambda: scoreboard(app), "the reopened session's scoreboard")
            ok(totals == expected, "after a restart the scoreboard still reads %r" % (totals,))
            ok(find(app, "label", "Deal 4") is not None, "three deals were kept, and only three")
            row = wait_for(lambda: find(app, None, "Ann, Bo, Cy, Di, Classic · 3 deals"), "the sidebar row")
            ok(row is not None, "the sidebar lists the session: " + row.name)
        finally:
            stop(process)


if __name__ == "__main__":
    try:
        main()
    finally:
        close_log()
