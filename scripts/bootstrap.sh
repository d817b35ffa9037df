#!/usr/bin/env bash
# Installs the Debian packages the demo and the end-to-end tests need, only when missing.
set -euo pipefail

packages=()
need() { dpkg -s "$1" >/dev/null 2>&1 || packages+=("$1"); }
need tmux
need libsqlite3-dev

if [ ${#packages[@]} -gt 0 ]; then
  echo "bootstrap: installing ${packages[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${packages[@]}" >/dev/null
fi
