#!/usr/bin/env bash
# The README's promise, checked as a new user meets it: a fresh clone of HEAD in a temporary
# directory, `npm ci` there, then the browser check and the hostile-target test, all with a
# PATH that holds node, npm and npx, and sh, which npm runs every script with (a POSIX system's
# own shell, not a package); nothing else: no chromium, no unzip, no git.
# Heavy (an install, a Chromium unpacked, two end-to-end test files: minutes), so `npm test`
# does not run it: it would clone and install inside the test run, and run those two files a
# second time. Run it by hand (`npm run fresh-check`) after changing what the tests need.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
head=$(git -C "$root" rev-parse HEAD)
if [ -n "$(git -C "$root" status --porcelain)" ]; then
  echo "fresh-check: uncommitted changes are not in the clone; it checks ${head}" >&2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/ocs-fresh-XXXXXX")
git clone --quiet --no-hardlinks "$root" "$work/ocs"
git -C "$work/ocs" checkout --quiet --detach "$head"

mkdir "$work/bin"
for tool in node npm npx sh; do ln -s "$(command -v "$tool")" "$work/bin/$tool"; done
for tool in chromium chromium-browser unzip git; do
  if PATH="$work/bin" command -v "$tool" >/dev/null; then echo "fresh-check: $tool is on the bare PATH" >&2; exit 1; fi
done
# The bare PATH, and no override of the browser: what npm installs is what runs.
bare=(env -u OCS_CHROMIUM -u OCS_BASE_URL PATH="$work/bin")
echo "fresh-check: clone of ${head} in ${work}/ocs; PATH=${work}/bin holds only: $(ls "$work/bin" | tr '\n' ' ')"

cd "$work/ocs"
"${bare[@]}" npm ci --no-audit --no-fund
status=0
"${bare[@]}" OCS_SCREENSHOT_DIR="$root/reports/fresh-check" \
  node --import tsx --test --test-concurrency=1 tests/e2e/browser.test.ts tests/e2e/hostile.test.ts || status=$?
if [ "$status" -eq 0 ]; then
  rm -rf "$work"
  echo "fresh-check: passed (screenshots in reports/fresh-check/)"
else
  echo "fresh-check: FAILED (exit ${status}); the clone is kept in ${work}/ocs" >&2
fi
exit "$status"
