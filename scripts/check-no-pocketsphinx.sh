#!/usr/bin/env bash
# After a default (trait-off) debug build of the Examples package: fails if PocketSphinx reached
# it, as its module map in a compile command or its library on a link line. On a fresh machine
# the build already proves that, as PocketSphinx is not installed yet; on one that has it (a
# developer's, or CI's machine after `make test-pocketsphinx`) only this check does.
set -euo pipefail
cd "$(dirname "$0")/../Examples"

plan=.build/debug.yaml
if [ ! -f "$plan" ]; then
  echo "check-no-pocketsphinx: $plan is missing; build the Examples package first" >&2
  exit 1
fi
if grep -q -e "CPocketSphinx/module.modulemap" -e "-lpocketsphinx" -e "-lsphinxbase" "$plan"; then
  echo "check-no-pocketsphinx: FAIL: the default build uses PocketSphinx; it must stay behind" >&2
  echo "check-no-pocketsphinx: the PocketSphinx trait, so that Homebrew's libraries suffice." >&2
  exit 1
fi
# The module map must be in the plan at all, or this check would pass on any plan.
grep -q "CPNG/module.modulemap" "$plan" || {
  echo "check-no-pocketsphinx: $plan names no system library; the check is out of date" >&2
  exit 1
}
echo "check-no-pocketsphinx: the default build has no PocketSphinx"
