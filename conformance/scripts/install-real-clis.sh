#!/usr/bin/env bash
# Installs the real agent CLIs the conformance integration suite drives, into a cache OUTSIDE the
# repository (${AGORA_CLI_CACHE:-$HOME/.cache/agora-clis}). Idempotent: a CLI already present is
# skipped. npm picks each package's newest version that runs on this Node. Prints the bin dir
# (the only stdout line), so CI can do: PATH="$(conformance/scripts/install-real-clis.sh):$PATH".
set -euo pipefail

CACHE="${AGORA_CLI_CACHE:-$HOME/.cache/agora-clis}"
# package=binary
CLIS=(
  "@openai/codex=codex"
  "opencode-ai=opencode"
  "@mariozechner/pi-coding-agent=pi"
  "@anthropic-ai/claude-code=claude"
)
# Agent Client Protocol agents, pinned: package@version=binary. The adapters speak only ACP on stdio
# (no --version), so the installed package.json's version is what proves one present. Both ship their
# code in npm packages (codex-acp's native binary is an npm optional dependency), nothing is fetched
# from elsewhere at install time.
ACP_AGENTS=(
  "@zed-industries/claude-code-acp@0.16.2=claude-code-acp"
  "@zed-industries/codex-acp@0.16.0=codex-acp"
  "@google/gemini-cli@0.61.0=gemini"
)

installed_version() {
  node -e 'try { console.log(require(process.argv[1]).version) } catch { process.exit(1) }' "$CACHE/node_modules/$1/package.json" 2>/dev/null
}

mkdir -p "$CACHE"
[ -f "$CACHE/package.json" ] || printf '{"name":"agora-real-clis","private":true}\n' > "$CACHE/package.json"

missing=()
for entry in "${CLIS[@]}"; do
  pkg="${entry%%=*}" bin="${entry##*=}"
  if [ -x "$CACHE/node_modules/.bin/$bin" ] && "$CACHE/node_modules/.bin/$bin" --version </dev/null >/dev/null 2>&1; then
    echo "install-real-clis: $bin present, skipped" >&2
  else
    missing+=("$pkg")
  fi
done

for entry in "${ACP_AGENTS[@]}"; do
  spec="${entry%%=*}" bin="${entry##*=}"
  pkg="${spec%@*}" version="${spec##*@}"
  if [ -x "$CACHE/node_modules/.bin/$bin" ] && [ "$(installed_version "$pkg")" = "$version" ]; then
    echo "install-real-clis: $bin present, skipped" >&2
  else
    missing+=("$spec")
  fi
done

if [ "${#missing[@]}" -gt 0 ]; then
  echo "install-real-clis: installing ${missing[*]} into $CACHE" >&2
  # Postinstall scripts stay on: two of these CLIs link their native binary in postinstall.
  npm install --prefix "$CACHE" --no-audit --no-fund --no-update-notifier --loglevel=error "${missing[@]}" >&2
fi

status=0
for entry in "${CLIS[@]}"; do
  bin="${entry##*=}"
  if version="$("$CACHE/node_modules/.bin/$bin" --version </dev/null 2>&1 | head -n1)" && [ -n "$version" ]; then
    echo "install-real-clis: $bin $version" >&2
  else
    echo "install-real-clis: $bin does not run (\`$bin --version\` failed)" >&2
    status=1
  fi
done

for entry in "${ACP_AGENTS[@]}"; do
  spec="${entry%%=*}" bin="${entry##*=}"
  pkg="${spec%@*}" version="${spec##*@}"
  if [ -x "$CACHE/node_modules/.bin/$bin" ] && [ "$(installed_version "$pkg")" = "$version" ]; then
    echo "install-real-clis: $bin $version (ACP)" >&2
  else
    echo "install-real-clis: $bin is not installed at $version" >&2
    status=1
  fi
done

echo "$CACHE/node_modules/.bin"
exit "$status"
