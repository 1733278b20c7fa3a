#!/usr/bin/env bash
# Publish rehearsal: `lerna publish from-package` of every public package to a throw-away verdaccio
# on 127.0.0.1, plus a third-party plugin (agora-harness-myagent), then, as a new user with a fresh
# HOME, a fresh folder and only that registry: npm i -g @agora/cli, agora up, plugins install,
# harness list / harness-check, a harness author's init + npm test + link + harness-check, and
# uninstall. The clone is left as found: no version bump, no tag, no file changed (checked; lerna
# needs a clean tree and reverts the gitHead it writes into each package.json while packing).
# Bounded: run it under `timeout` (CI does); every step has its own.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
START=$SECONDS
WORK=$(mktemp -d "${TMPDIR:-/tmp}/agora-rehearsal.XXXXXX")
PIDS=()

cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 143' TERM INT
step() { printf '== [%3ss] %s\n' "$((SECONDS - START))" "$*"; }
fail() { echo "rehearsal: $*" >&2; exit 1; }
# Waits up to $2 seconds for the file $1 to contain the pattern $3; prints the first match.
await_line() {
  local i
  for ((i = 0; i < $2 * 10; i++)); do
    grep -m1 -oE "$3" "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  cat "$1" >&2
  return 1
}

GIT_BEFORE=$(git status --porcelain; git tag --list)
UPLINK=$(npm config get registry)

step "verdaccio on 127.0.0.1 (storage in $WORK, uplink $UPLINK for everything not ours)"
PORT=$(node scripts/free-port.mjs)
REGISTRY="http://127.0.0.1:$PORT/"
cat >"$WORK/verdaccio.yaml" <<EOF
storage: $WORK/storage
auth:
  htpasswd:
    file: $WORK/htpasswd
uplinks:
  npmjs:
    url: $UPLINK
packages:
  '@agora/*':
    access: \$all
    publish: \$authenticated
  'agora-harness-*':
    access: \$all
    publish: \$authenticated
  '**':
    access: \$all
    publish: \$authenticated
    proxy: npmjs
log: {type: stdout, format: pretty, level: warn}
EOF
node_modules/.bin/verdaccio --config "$WORK/verdaccio.yaml" --listen "127.0.0.1:$PORT" >"$WORK/verdaccio.log" 2>&1 &
PIDS+=($!)
# Waits up to 30 s for the registry to answer, and stops at once if verdaccio exited.
node -e "
const deadline = Date.now() + 30_000
const ping = () => fetch('${REGISTRY}-/ping').then((r) => process.exit(r.ok ? 0 : 1), () => {
  try { process.kill($!, 0) } catch { process.exit(1) }
  if (Date.now() > deadline) process.exit(1)
  setTimeout(ping, 100)
})
ping()" || { cat "$WORK/verdaccio.log" >&2; fail "verdaccio did not answer on $REGISTRY"; }
TOKEN=$(node -e "
fetch('${REGISTRY}-/user/org.couchdb.user:rehearsal', {method: 'PUT', headers: {'content-type': 'application/json'},
  body: JSON.stringify({name: 'rehearsal', password: 'rehearsal-$RANDOM$RANDOM'})})
  .then((r) => r.json()).then((b) => { if (!b.token) throw new Error(JSON.stringify(b)); console.log(b.token) })") ||
  { cat "$WORK/verdaccio.log" >&2; fail "verdaccio did not start or refused the user"; }
printf 'registry=%s\n//127.0.0.1:%s/:_authToken=%s\n' "$REGISTRY" "$PORT" "$TOKEN" >"$WORK/publisher.npmrc"

step "lerna publish from-package (the versions in the package.json files; nothing bumped or tagged)"
npm_config_userconfig="$WORK/publisher.npmrc" timeout 600 node_modules/.bin/lerna publish from-package \
  --yes --registry "$REGISTRY" --loglevel warn
# Every package lerna calls public must now be in the registry at its package.json version.
node_modules/.bin/lerna list --json --loglevel silent | node -e "
const wanted = JSON.parse(require('fs').readFileSync(0, 'utf8'))
Promise.all(wanted.map(({name, version}) => fetch('${REGISTRY}' + name.replace('/', '%2f'))
  .then((r) => r.ok ? r.json() : {}).then((doc) => doc.versions?.[version] ? null : name + '@' + version)))
  .then((missing) => missing.filter(Boolean)).then((missing) => {
    if (missing.length) { console.error('rehearsal: not in the registry: ' + missing.join(', ')); process.exit(1) }
    console.log('  ' + wanted.length + ' packages in the registry')
  })"

step "a third party publishes agora-harness-myagent (the README's worked example, under its own name)"
mkdir -p "$WORK/third-party"
cp -R docs/examples/harness-myagent/. "$WORK/third-party/"
(cd "$WORK/third-party" && npm pkg set name=agora-harness-myagent &&
  npm_config_userconfig="$WORK/publisher.npmrc" npm publish --registry "$REGISTRY" --loglevel warn >/dev/null)

# From here on: a new user. Fresh HOME, fresh folder, no npm_config_*/AGORA_* from this shell,
# nothing from this checkout on PATH, and only the rehearsal registry.
USER_HOME="$WORK/home" PREFIX="$WORK/prefix" FOLDER="$WORK/project" FAKE_BIN="$WORK/fake-bin"
mkdir -p "$USER_HOME" "$PREFIX" "$FOLDER" "$FAKE_BIN"
printf 'registry=%s\nprefix=%s\naudit=false\nfund=false\nupdate-notifier=false\n' "$REGISTRY" "$PREFIX" >"$USER_HOME/.npmrc"
# What this machine needs to build a native module offline (node headers, the CA bundle) is the
# machine's, not the checkout's: carry it into the new user's npmrc when the operator has it set.
for key in nodedir cafile; do
  value=$(npm config get "$key")
  [ -n "$value" ] && [ "$value" != null ] && [ "$value" != undefined ] && printf '%s=%s\n' "$key" "$value" >>"$USER_HOME/.npmrc"
done
printf '#!/bin/sh\necho "myagent 1.0.0"\n' >"$FAKE_BIN/myagent" && chmod +x "$FAKE_BIN/myagent"
USER_PATH="$PREFIX/bin:$(printf '%s' "$PATH" | tr ':' '\n' | grep -v -e node_modules -e "^$REPO" | paste -sd: -)"
as_user() { (cd "$FOLDER" && exec env -i HOME="$USER_HOME" PATH="$USER_PATH" TMPDIR="${TMPDIR:-/tmp}" LANG=C.UTF-8 CI=true "$@"); }
codex_on_path=no
as_user sh -c 'command -v codex' >/dev/null && codex_on_path=yes

step "npm i -g @agora/cli (the README's install line; builds the SQLite driver)"
as_user timeout 900 npm i -g @agora/cli --loglevel warn
[ "$(as_user sh -c 'command -v agora')" = "$PREFIX/bin/agora" ] || fail "agora is not on PATH from $PREFIX/bin"
echo "  $(as_user agora --version)"

step "agora up on a free port"
# Not through as_user: backgrounding a function forks twice and $! would not be the hub.
(cd "$FOLDER" && exec env -i HOME="$USER_HOME" PATH="$USER_PATH" LANG=C.UTF-8 agora up --port 0) >"$WORK/up.log" 2>&1 &
HUB_PID=$!
PIDS+=("$HUB_PID")
HUB=$(await_line "$WORK/up.log" 60 'http://127\.0\.0\.1:[0-9]+') || fail "agora up did not report listening"
as_user node -e "fetch('$HUB/healthz').then((r) => r.json()).then((b) => { if (!b.ok) process.exit(1); console.log('  ' + JSON.stringify(b)) })"

step "agora plugins install @agora/harness-codex agora-harness-myagent"
as_user timeout 300 agora plugins install @agora/harness-codex
as_user timeout 300 agora plugins install agora-harness-myagent
as_user agora harness list --json | node scripts/rehearsal-judge.mjs listed codex @agora/harness-codex user
as_user agora harness list --json | node scripts/rehearsal-judge.mjs listed myagent agora-harness-myagent user

step "agora harness-check codex --json (codex on PATH: $codex_on_path) and myagent (a fake binary on PATH)"
set +e
as_user timeout 300 agora harness-check codex --json --url "$HUB" >"$WORK/codex.json"
codex_exit=$?
(USER_PATH="$FAKE_BIN:$USER_PATH" as_user timeout 300 agora harness-check myagent --json --url "$HUB" >"$WORK/myagent.json")
myagent_exit=$?
set -e
node scripts/rehearsal-judge.mjs checked codex @agora/harness-codex user "$codex_on_path" <"$WORK/codex.json"
node scripts/rehearsal-judge.mjs checked myagent agora-harness-myagent user yes <"$WORK/myagent.json"
[ "$myagent_exit" = 0 ] || fail "harness-check myagent exited $myagent_exit with its binary on PATH"
[ "$codex_exit" = 0 ] || [ "$codex_on_path" = no ] || fail "harness-check codex exited $codex_exit with codex on PATH"

step "a harness author: agora harness init demo, npm install, npm test, validate, plugins link, harness-check demo"
as_user agora harness init demo >/dev/null
DEMO="$FOLDER/demo"
FOLDER="$DEMO" as_user timeout 300 npm install --loglevel warn
FOLDER="$DEMO" as_user timeout 120 npm test --silent | grep -E 'passing|failing' | sed 's/^ */  npm test: /'
as_user agora harness validate demo | sed 's/^/  /'
as_user timeout 120 agora plugins link demo
FOLDER="$DEMO" USER_PATH="$DEMO/fake-bin:$USER_PATH" as_user timeout 120 agora harness-check demo --json --url "$HUB" |
  node scripts/rehearsal-judge.mjs checked demo agora-harness-demo link yes

step "agora plugins uninstall, then codex is the bundled one again and myagent and demo are gone"
as_user timeout 120 agora plugins uninstall @agora/harness-codex
as_user timeout 120 agora plugins uninstall agora-harness-myagent
as_user timeout 120 agora plugins unlink agora-harness-demo
as_user agora harness list --json | node scripts/rehearsal-judge.mjs listed codex @agora/harness-codex core
as_user agora harness list --json | node scripts/rehearsal-judge.mjs absent myagent
as_user agora harness list --json | node scripts/rehearsal-judge.mjs absent demo

step "agora up stops on SIGTERM and leaves no process behind"
kill -TERM "$HUB_PID"
for ((i = 0; i < 100; i++)); do kill -0 "$HUB_PID" 2>/dev/null || break; sleep 0.1; done
! kill -0 "$HUB_PID" 2>/dev/null || fail "agora up (pid $HUB_PID) still runs 10 s after SIGTERM"
left=$(grep -l -a "$WORK/prefix" /proc/[0-9]*/cmdline 2>/dev/null || true)
[ -z "$left" ] || fail "processes from the installed CLI still run: $left"

step "the clone is as it was (no file changed, no tag created)"
[ "$(git status --porcelain; git tag --list)" = "$GIT_BEFORE" ] || { git status --short >&2; fail "the rehearsal changed the clone"; }
step "publish rehearsal passed in $((SECONDS - START)) s"
