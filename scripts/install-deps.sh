#!/usr/bin/env bash
# Installs what building and testing puny needs on Debian 12 (bookworm).
# Runs apt-get directly as root, through sudo otherwise.
set -euo pipefail
packages=(
  cmake g++ make pkg-config python3
  libgtest-dev libgmock-dev        # unit and conformance tests
  libcli11-dev nlohmann-json3-dev  # command-line parsing and JSON output
  libicu-dev libidn2-dev           # reference peers for the differential tests
  man-db groff-base bash-completion zsh  # puny(1) and shell completions are tested
)
if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq "${missing[@]}"
fi
