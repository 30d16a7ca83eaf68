#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What the AT-SPI tests share (tests/e2e.py, tests/test-a11y-atspi.py): the built app
started and stopped, its accessible tree walked and searched by role and name as a
screen reader would, TAP lines printed. The app's stderr goes to a file (a pipe nobody
reads would block the app once full); a failure prints its tail as TAP comments."""

import os
import signal
import subprocess
import sys
import tempfile
import time

import pyatspi

APP = os.environ["DEUCES_APP"]
TIMEOUT = 30.0
step = 0


# The app's stderr goes to a file (a pipe nobody reads would block the app once
# full); a failure prints its tail as TAP comments.
APP_LOG = tempfile.NamedTemporaryFile(prefix="deuces-e2e-", suffix=".log", delete=False)


def ok(condition, what):
    global step
    step += 1
    print(("ok %d - %s" if condition else "not ok %d - %s") % (step, what), flush=True)
    if not condition:
        APP_LOG.flush()
        with open(APP_LOG.name, encoding="utf-8", errors="replace") as log:
            for line in log.read().splitlines()[-40:]:
                print("# " + line, flush=True)
        sys.exit(1)


def wait_for(predicate, what, timeout=TIMEOUT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            found = predicate()
        except Exception:  # the tree changes under us while the app works
            found = None
        if found:
            return found
        time.sleep(0.2)
    ok(False, "timed out waiting for " + what)


def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and app.name in ("deuces", "Deuces"):
            return app
    return None


def walk(node):
    yield node
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child is not None:
            yield from walk(child)


def find(root, role, name=None, showing=True, exact=False):
    """The first node with @role whose name contains @name (GTK 4.8 may repeat a
    button's label in its name, so this matches by substring), or is @name when
    @exact."""
    for node in walk(root):
        try:
            if role is not None and node.getRoleName() != role:
                continue
            if name is not None and (node.name != name if exact else name not in (node.name or "")):
                continue
            if showing and not node.getState().contains(pyatspi.STATE_VISIBLE):  # GTK 4.8 sets no SHOWING
                continue
            return node
        except Exception:
            continue
    return None


def find_all(root, role, name=None):
    return [n for n in walk(root) if n.getRoleName() == role and (name is None or name in (n.name or ""))
            and n.getState().contains(pyatspi.STATE_VISIBLE)]


def click(node):
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("click", "activate", "press", "toggle"):
            action.doAction(i)
            return
    action.doAction(0)


def type_into(node, text):
    editable = node.queryEditableText()
    editable.setTextContents(text)


def start(env):
    process = subprocess.Popen([APP], env=env, stdout=subprocess.DEVNULL, stderr=APP_LOG)
    app = wait_for(find_app, "the app on the accessibility bus")
    return process, app


def stop(process):
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def close_log():
    APP_LOG.close()
    os.unlink(APP_LOG.name)
