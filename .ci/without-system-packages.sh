#!/usr/bin/env bash
# Runs a command as on a fresh machine that has only Node and npm: Debian's Chromium, its NSS
# libraries and PostgreSQL are removed with apt first, then put back (apt-get install of the very
# list apt removed) whatever the command's outcome, even when it fails or is interrupted.
#   .ci/without-system-packages.sh COMMAND [ARGS...]      e.g.  .ci/without-system-packages.sh bash .ci/run
# The list of removed packages, with their versions, is written to $WSADMIN_REMOVED_LIST (default
# /tmp/wsadmin-removed-packages.txt) and printed. Needs root. Other users of the machine lose these
# packages while the command runs.
set -uo pipefail
if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi
if [ "$(id -u)" != 0 ]; then
  echo "$0: needs root (apt-get remove and install)" >&2
  exit 2
fi
export DEBIAN_FRONTEND=noninteractive
list=${WSADMIN_REMOVED_LIST:-/tmp/wsadmin-removed-packages.txt}

# The packages a fresh machine lacks, where installed; apt also removes whatever depends on them.
present=()
for package in chromium chromium-common chromium-driver chromium-sandbox libnss3 postgresql postgresql-15; do
  if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    present+=("$package")
  fi
done
removed=()
if [ ${#present[@]} -gt 0 ]; then
  mapfile -t removed < <(apt-get -s remove "${present[@]}" | awk '/^Remv /{print $2}')
fi
: >"$list"
for package in "${removed[@]}"; do
  dpkg-query -W -f='${Package} ${Version}\n' "$package" >>"$list"
done
echo "== removing ${#removed[@]} package(s) (listed in $list):"
cat "$list"

restore() {
  [ ${#removed[@]} -eq 0 ] && return
  echo "== putting back: ${removed[*]}"
  if ! apt-get install -y "${removed[@]}"; then
    apt-get update && apt-get install -y "${removed[@]}" || echo "== FAILED to put back: ${removed[*]} (see $list)" >&2
  fi
}
trap restore EXIT
trap 'exit 130' INT TERM

if [ ${#removed[@]} -gt 0 ] && ! apt-get remove -y "${removed[@]}"; then
  echo "== apt-get remove failed" >&2
  exit 1
fi
# What the tests would otherwise find.
for gone in /usr/bin/chromium /usr/lib/postgresql/15/bin/initdb; do
  if [ -e "$gone" ]; then
    echo "== $gone is still there" >&2
    exit 1
  fi
done
if ldconfig -p | grep -q 'libnss3\.so'; then
  echo "== libnss3 is still on the library path" >&2
  exit 1
fi

echo "== running: $*"
"$@"
status=$?
echo "== the command exited $status"
exit "$status"
