#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# test-serve.sh: `deuces-cli serve` end to end, as a club's box runs it — the URL from its
# first line, a night followed through curl while `deuces-cli deal add` runs, SIGTERM
# ends it with exit 0. Network: 127.0.0.1 only. TAP output.
set -uo pipefail

cli=${DEUCES_CLI:?DEUCES_CLI must name the built deuces-cli}
dir=$(mktemp -d)
server=
follower=
cleanup() {
  [[ -n $follower ]] && kill "$follower" 2>/dev/null
  [[ -n $server ]] && kill "$server" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
export DEUCES_DB=$dir/ledger.sqlite3 LANGUAGE=C

n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; }
check() { if eval "$2"; then ok "$1"; else not_ok "$1"; fi; }
# Waits (generously: nothing here is a timing assertion) until a command succeeds.
wait_for() { for _ in $(seq 600); do eval "$1" && return 0; sleep 0.1; done; return 1; }
# Whether file $1 holds deal number $2.
has_deal() { grep -qF "\"number\":$2," "$1"; }

session=$("$cli" session new --variant classic --players 'Ann,Bo,Cy,Di' --stake 0.50 --currency HKD --title 'Club night')
"$cli" deal add "$session" --winner Ann --left Bo=3,Cy=11,Di=8 >/dev/null

# Bad arguments: one line, exit 2, nothing listens.
"$cli" serve "$session" --address not-an-address 2>"$dir/err"; status=$?
check "a bad --address is refused (exit 2)" '[[ $status -eq 2 && $(wc -l <"$dir/err") -eq 1 ]]'
"$cli" serve "$session" --port 70000 2>"$dir/err"; status=$?
check "a bad --port is refused (exit 2)" '[[ $status -eq 2 ]]'
"$cli" serve 999 --address 127.0.0.1 2>"$dir/err"; status=$?
check "an unknown session is refused (exit 2)" '[[ $status -eq 2 ]] && grep -q 999 "$dir/err"'
"$cli" --db "$dir/none.sqlite3" serve 1 --address 127.0.0.1 2>"$dir/err"; status=$?
check "a ledger that does not exist has no session to share (exit 2), and is not made" \
  '[[ $status -eq 2 && ! -e $dir/none.sqlite3 ]]'

"$cli" serve "$session" --address 127.0.0.1 --port 0 >"$dir/out" 2>"$dir/serve-err" &
server=$!
check "the URL is printed on the first line" 'wait_for "[[ -s $dir/out ]]"'
url=$(head -n 1 "$dir/out")
check "the URL is on 127.0.0.1 with a 128-bit token: $url" \
  '[[ $url =~ ^http://127\.0\.0\.1:[0-9]+/t/[0-9a-f]{32}/$ ]]'

curl -sS --max-time 60 "${url}session.json" >"$dir/doc1.json"
check "session.json is the session document" 'has_deal "$dir/doc1.json" 1'
"$cli" session show "$session" --json >"$dir/shown.json"
check "session.json is what session show --json prints" \
  'python3 -c "import json,sys; sys.exit(json.load(open(\"$dir/doc1.json\")) != json.load(open(\"$dir/shown.json\")))"'

curl -sS --max-time 60 -o "$dir/page.html" -D "$dir/page.headers" "$url"
check "the page is served with a strict Content-Security-Policy" \
  'grep -qi "^content-security-policy: default-src .none.;" "$dir/page.headers"'
check "the page shows the session" 'grep -q "<h1>Club night</h1>" "$dir/page.html"'

# A phone following the night.
curl -sSN --max-time 120 "${url}events" >"$dir/events" &
follower=$!
check "the event stream sends the session on connect" 'wait_for "has_deal $dir/events 1"'
"$cli" deal add "$session" --winner Bo --left Ann=3,Cy=1,Di=8 >/dev/null
check "a deal added by deuces-cli reaches the stream" 'wait_for "has_deal $dir/events 2"'
"$cli" deal add "$session" --winner Cy --left Ann=13,Bo=2,Di=5 >/dev/null
check "and the next one" 'wait_for "has_deal $dir/events 3"'
curl -sS --max-time 60 "${url}session.json" >"$dir/doc3.json"
check "session.json follows too" 'has_deal "$dir/doc3.json" 3'
"$cli" session end "$session"
curl -sS --max-time 60 -H 'Accept-Language: zh-TW' "$url" >"$dir/ended.html"
check "an ended session's page says the settlement is final" 'grep -q "<p class=\"ended\">" "$dir/ended.html"'
check "the page speaks the phone's language" 'grep -q "<html lang=\"zh_TW\">" "$dir/ended.html"'

code=$(curl -sS --max-time 60 -o /dev/null -w '%{http_code}' -X POST "${url}session.json")
check "POST is refused with 405" '[[ $code == 405 ]]'
code=$(curl -sS --max-time 60 -o /dev/null -w '%{http_code}' "${url%/t/*}/t/00000000000000000000000000000000/")
check "a wrong token is 404" '[[ $code == 404 ]]'

kill -TERM "$server"
wait "$server"; status=$?
server=
check "SIGTERM ends it with exit 0" '[[ $status -eq 0 ]]'
check "and nothing on stderr" '[[ ! -s $dir/serve-err ]]'
wait "$follower" 2>/dev/null
follower=

echo "1..$n"
exit $failed
