#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""test-share-browser.py: the Share Table page in a real browser — headless Chromium on a
360x740 phone screen loads the page from `deuces-cli serve`, a deal added by deuces-cli
appears on it by itself, and the page is saved as a screenshot (light and dark). Then
the scorer's page of `serve --scoring`: a phone enters a deal with taps and typing (real
input events), a refused one shows the rules' line and marks the player, and the deal is
in the history with the phone's name.

Chromium is driven through its DevTools protocol on a pipe (--remote-debugging-pipe), so
nothing but the page listens. Network: 127.0.0.1 only. TAP output.

Usage: test-share-browser.py [SCREENSHOT.png]   (build-aux/screenshots passes the README's)
"""

import base64
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

CLI = os.environ.get("DEUCES_CLI")
TIMEOUT = 60   # generous: a wait fails only if what it waits for never comes

count = 0
failed = False


def check(name, condition):
    global count, failed
    count += 1
    print(("ok %d - %s" if condition else "not ok %d - %s") % (count, name), flush=True)
    if not condition:
        failed = True
    return condition


def cli(*args):
    return subprocess.run([CLI, *args], check=True, capture_output=True, text=True).stdout.strip()


class Browser:
    """Chromium with the DevTools protocol on fds 3 (in) and 4 (out), NUL-separated."""

    def __init__(self, profile):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        os.set_inheritable(to_chrome_r, True)
        os.set_inheritable(from_chrome_w, True)

        def fds():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.process = subprocess.Popen(
            [shutil.which("chromium"), "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-quic", "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
             "--window-size=360,740", "--remote-debugging-pipe", "about:blank"],
            pass_fds=(3, 4), preexec_fn=fds,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def call(self, method, session=True, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_chrome, 1 << 16)
                if not chunk:
                    raise RuntimeError("Chromium closed the pipe")
                self.buffer += chunk
            line, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(line)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply["result"]

    def open(self, url):
        target = self.call("Target.createTarget", session=False, url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", session=False, targetId=target,
                                 flatten=True)["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride", width=360, height=740,
                  deviceScaleFactor=2, mobile=True)
        self.call("Page.enable")
        self.call("Page.navigate", url=url)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    def wait_for(self, expression):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.evaluate(expression):
                return True
            time.sleep(0.1)
        return False

    def tap(self, selector):
        """A click at the middle of the first element @selector finds, as a finger would."""
        box = self.evaluate("(function () { var e = document.querySelector(%s);"
                            " e.scrollIntoView({block: 'center'});"
                            " var r = e.getBoundingClientRect();"
                            " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
                            % json.dumps(selector))
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1],
                      button="left", clickCount=1)

    def type(self, selector, text):
        """Taps the field, selects what it holds, and types @text over it."""
        self.tap(selector)
        self.evaluate("document.querySelector(%s).select()" % json.dumps(selector))
        self.call("Input.insertText", text=text)

    def screenshot(self, path, dark=False):
        self.call("Emulation.setEmulatedMedia", features=[
            {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}])
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# The score sheet's table fits the card that holds it (issue 23: the last column was cut
# at 360 px, the card scrolling sideways where nobody looks).
SHEET_FITS = ("(function () { var t = document.querySelector('#content table');"
              " var c = t.closest('.scroll'); return c.scrollWidth <= c.clientWidth; })()")


# Each name's text on one line (whole, or cut with an ellipsis), never split inside a word
# ("Alexand / ra"): the tops of its text's boxes are all the same. A name with a space may
# take two lines, split at the space.
NAMES_UNBROKEN = ("(function (selector) { return Array.prototype.every.call("
                  " document.querySelectorAll(selector), function (e) {"
                  " var words = e.textContent.split(' '), at = 0;"
                  " if (!e.firstChild) { return true; }"
                  " return words.every(function (word) {"
                  "  var range = document.createRange(), tops = {};"
                  "  range.setStart(e.firstChild, at); range.setEnd(e.firstChild, at + word.length);"
                  "  at += word.length + 1;"
                  "  Array.prototype.forEach.call(range.getClientRects(), function (r) {"
                  "   tops[Math.round(r.top)] = true; });"
                  "  return Object.keys(tops).length === 1; }); }); })")


def long_names(scratch):
    """The tester's long names at 360 px: never broken inside a word (issue 22)."""
    names = ["Alexandra", "Bartholomew", "Cornelius", "Dorothea Papadopoulos"]
    session = cli("session", "new", "--variant", "classic", "--players", ",".join(names),
                  "--title", "Long names")
    cli("deal", "add", session, "--winner", "Alexandra",
        "--left", "Bartholomew=3,Cornelius=5,Dorothea Papadopoulos=7")
    server = subprocess.Popen([CLI, "serve", session, "--address", "127.0.0.1", "--port", "0",
                               "--scoring"], stdout=subprocess.PIPE, text=True)
    view = server.stdout.readline().strip()
    scorer = server.stdout.readline().strip()
    browser = Browser(os.path.join(scratch, "profile-names"))
    try:
        for url in (view, scorer):
            browser.open(url)
            check("the sheet shows: " + url,
                  browser.wait_for("document.querySelector('#content tbody tr:nth-child(2) td')"
                                   "?.textContent === '1'"))
            check("no name in the sheet's headings is broken inside a word",
                  browser.evaluate(NAMES_UNBROKEN + "('#content th')"))
            check("nor in the standings, the payments or the scorer's rows",
                  browser.evaluate(NAMES_UNBROKEN + "('.name, ul.pays .who, .row .who')"))
            check("the sheet still fits the 360 px card", browser.evaluate(SHEET_FITS))
        browser.open(view)
        browser.wait_for("document.querySelector('.name')")
        check("the standings show “Alexandra” and “Bartholomew” whole",
              browser.evaluate("Array.prototype.filter.call(document.querySelectorAll('.name'),"
                               " function (e) { return e.scrollWidth <= e.clientWidth &&"
                               " (e.textContent === 'Alexandra' || e.textContent === 'Bartholomew'); })"
                               ".length === 2"))
        browser.screenshot(os.path.join(scratch, "names-phone.png"))
        browser.screenshot(os.path.join(scratch, "names-phone-dark.png"), dark=True)
        if os.environ.get("DEUCES_KEEP_SCREENSHOTS"):
            for name in ("names-phone.png", "names-phone-dark.png"):
                shutil.copy(os.path.join(scratch, name), os.environ["DEUCES_KEEP_SCREENSHOTS"])
    finally:
        browser.close()
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=TIMEOUT)


def score_from_phone(scratch, hostile):
    session = cli("session", "new", "--variant", "classic", "--players",
                  "Ann,Bo,Cy," + hostile, "--title", "Scored from phones")
    server = subprocess.Popen([CLI, "serve", session, "--address", "127.0.0.1", "--port", "0",
                               "--scoring"], stdout=subprocess.PIPE, text=True)
    view = server.stdout.readline().strip()
    scorer = server.stdout.readline().strip()
    check("serve --scoring prints the scorer's URL second: " + scorer,
          scorer.startswith("http://127.0.0.1:") and "/s/" in scorer and scorer != view)
    browser = Browser(os.path.join(scratch, "profile-scorer"))
    try:
        browser.open(scorer)
        check("the scorer's form shows (the page's script runs)",
              browser.wait_for("document.getElementById('deal') && "
                               "getComputedStyle(document.getElementById('deal')).display !== 'none'"))
        check("the scorer's page fits a 360 px screen",
              browser.evaluate("document.documentElement.scrollWidth <= 360"))
        check("its buttons are touch targets of at least 44 px",
              browser.evaluate("Array.prototype.every.call(document.querySelectorAll("
                               "'button.step, .pick span, #save, #undo'), function (b) {"
                               " var r = b.getBoundingClientRect(); return r.height >= 44 && r.width >= 44; })"))
        browser.type("#by", "Bo")
        browser.tap("input[name=winner][value=Bo] + span")
        check("the winner's own count leaves the form",
              browser.evaluate("getComputedStyle(document.querySelector('.row[data-player=Bo]'))"
                               ".display === 'none'"))
        for _ in range(3):
            browser.tap("button[data-for=cards-0][data-step='1']")
        browser.type("#cards-2", "14")
        browser.tap("button[data-for=cards-3][data-step='1']")
        browser.tap("#save")
        check("a deal the rules refuse shows their one line",
              browser.wait_for("document.getElementById('error').textContent === "
                               "'deal 1: Cy holds 14 cards, but a hand here has at most 13'"))
        check("and marks the player's count",
              browser.evaluate("document.querySelector('.row[data-player=Cy]').classList.contains('bad')"))
        check("nothing was stored", cli("log", session, "--json") == "[ ]" or
              json.loads(cli("log", session, "--json")) == [])
        browser.tap("button[data-for=cards-2][data-step='-1']")
        browser.tap("#save")
        check("the corrected deal is saved",
              browser.wait_for("document.getElementById('status').textContent === 'Deal 1 saved.'"))
        check("and shows on the sheet by itself",
              browser.wait_for("document.querySelector('#content tbody tr:nth-child(2) td')"
                               "?.textContent === '1'"))
        log = json.loads(cli("log", session, "--json"))
        check("the history says Bo entered it",
              len(log) == 1 and log[0]["by"] == "Bo" and log[0]["what"] == "Deal 1 added")
        document = json.loads(cli("export", "--session", session, "--format", "json"))
        deal = document["deals"][0] if "deals" in document else document[0]["deals"][0]
        check("with the counts tapped in: " + json.dumps(deal),
              deal.get("winner") == "Bo" and
              deal.get("cards_left") == {"Ann": 3, "Cy": 13, hostile: 1})
        check("the change log on the page names Bo",
              browser.wait_for("document.querySelector('ol.log .by')?.textContent === 'Bo'"))
        check("its time is on the phone's clock, not UTC",
              browser.wait_for("document.querySelector('ol.log time')?.textContent === "
                               "new Date(document.querySelector('ol.log time').getAttribute('datetime'))"
                               ".toLocaleTimeString([], {hour: '2-digit', minute: '2-digit'})"))
        check("no column of the scorer's sheet is cut at the card's edge",
              browser.evaluate(SHEET_FITS))
        browser.screenshot(os.path.join(scratch, "scorer-phone.png"))
        if os.environ.get("DEUCES_KEEP_SCREENSHOTS"):
            shutil.copy(os.path.join(scratch, "scorer-phone.png"), os.environ["DEUCES_KEEP_SCREENSHOTS"])
    finally:
        browser.close()
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=TIMEOUT)


def main():
    if not CLI:
        print("Bail out! DEUCES_CLI must name the built deuces-cli")
        return 1
    screenshot = sys.argv[1] if len(sys.argv) > 1 else None
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["DEUCES_DB"] = os.path.join(scratch, "ledger.sqlite3")
        os.environ["LANGUAGE"] = "C"
        # The README's picture shows a friendly table; the test, a hostile name.
        hostile = "Di" if screenshot else "<script>alert(1)</script>"
        session = cli("session", "new", "--variant", "classic", "--players",
                      "Ann,Bo,Cy," + hostile, "--stake", "0.50",
                      "--currency", "HKD", "--title", "Friday night at Ann's")
        for winner, left in [("Ann", "Bo=3,Cy=11,%s=8" % hostile),
                             ("Bo", "Ann=2,Cy=6,%s=13" % hostile),
                             ("Cy", "Ann=9,Bo=4,%s=1" % hostile),
                             ("Ann", "Bo=7,Cy=2,%s=10" % hostile)]:
            cli("deal", "add", session, "--winner", winner, "--left", left)

        server = subprocess.Popen([CLI, "serve", session, "--address", "127.0.0.1", "--port", "0"],
                                  stdout=subprocess.PIPE, text=True)
        url = server.stdout.readline().strip()
        check("deuces-cli serve printed its URL: " + url, url.startswith("http://127.0.0.1:"))

        browser = Browser(os.path.join(scratch, "profile"))
        try:
            browser.open(url)
            check("the page loads with the sheet, newest deal first",
                  browser.wait_for("document.querySelector('#content tbody tr:nth-child(2) td')"
                                   "?.textContent === '4'"))
            check("the page follows the session live (its event stream is open)",
                  browser.wait_for("document.getElementById('live').className === 'live on'"))
            check("every name is text, and no script but the page's own ran",
                  browser.evaluate("document.body.textContent.includes('%s') && "
                                   "document.scripts.length === 1" % hostile))
            check("the page fits a 360 px screen without sideways scrolling",
                  browser.evaluate("document.documentElement.scrollWidth <= 360"))
            check("no column of the sheet is cut at the card's edge",
                  browser.evaluate(SHEET_FITS))

            number = cli("deal", "add", session, "--winner", "Bo",
                         "--left", "Ann=5,Cy=3,%s=12" % hostile)
            check("a deal added by deuces-cli appears on the page by itself",
                  browser.wait_for("document.querySelector('#content tbody tr:nth-child(2) td')"
                                   "?.textContent === '%s'" % number))
            dom = browser.evaluate("document.documentElement.outerHTML")
            check("the dumped DOM holds the new deal's row",
                  "<tr><td>%s</td><td>5</td><td>0</td>" % number in dom)

            shot = screenshot or os.path.join(scratch, "share-phone.png")
            browser.screenshot(shot)
            check("a screenshot was saved: " + shot, os.path.getsize(shot) > 0)
            dark = os.path.splitext(shot)[0] + "-dark.png" if screenshot is None else \
                os.path.join(scratch, "share-phone-dark.png")
            browser.screenshot(dark, dark=True)
            check("a dark screenshot too", os.path.getsize(dark) > 0)
            check("prefers-color-scheme: dark changes the page's colours",
                  browser.evaluate("getComputedStyle(document.body).backgroundColor")
                  == "rgb(30, 30, 30)")
            if os.environ.get("DEUCES_KEEP_SCREENSHOTS"):
                for path in (shot, dark):
                    shutil.copy(path, os.environ["DEUCES_KEEP_SCREENSHOTS"])
        finally:
            browser.close()
            server.send_signal(signal.SIGTERM)
            status = server.wait(timeout=TIMEOUT)
        check("deuces-cli serve ends with exit 0 on SIGTERM", status == 0)
        score_from_phone(scratch, hostile)
        long_names(scratch)

    print("1..%d" % count)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
