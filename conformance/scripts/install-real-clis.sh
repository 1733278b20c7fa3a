#!/usr/bin/env bash
# Installs the real agent CLIs the conformance integration suite drives, into a cache OUTSIDE the
# repository (${AGORA_CLI_CACHE:-$HOME/.cache/agora-clis}). Idempotent: a CLI already present is
# skipped. Every version is pinned, so a CI run drives the same binaries until someone bumps one
# here on purpose (and re-runs the integration suite). Prints the bin dir
# (the only stdout line), so CI can do: PATH="$(conformance/scripts/install-real-clis.sh):$PATH".
set -euo pipefail

CACHE="${AGORA_CLI_CACHE:-$HOME/.cache/agora-clis}"
# package@version=binary, pinned: bump deliberately.
CLIS=(
  "@openai/codex@0.171.0=codex"
  "opencode-ai@1.18.33=opencode"
  "@mariozechner/pi-coding-agent@0.73.1=pi"
  "@anthropic-ai/claude-code@2.1.197=claude"
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
  spec="${entry%%=*}" bin="${entry##*=}"
  pkg="${spec%@*}" version="${spec##*@}"
  if [ -x "$CACHE/node_modules/.bin/$bin" ] && [ "$(installed_version "$pkg")" = "$version" ] \
    && "$CACHE/node_modules/.bin/$bin" --version </dev/null >/dev/null 2>&1; then
    echo "install-real-clis: $bin present, skipped" >&2
  else
    missing+=("$spec")
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
  spec="${entry%%=*}" bin="${entry##*=}"
  pkg="${spec%@*}" pinned="${spec##*@}"
  if [ "$(installed_version "$pkg")" != "$pinned" ]; then
    echo "install-real-clis: $bin is not installed at $pinned" >&2
    status=1
  elif version="$("$CACHE/node_modules/.bin/$bin" --version </dev/null 2>&1 | head -n1)" && [ -n "$version" ]; then
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
