#!/usr/bin/env bash
# The video browser test (npm run test:video): builds nothing (run `vite build` first), prepares a
# database, then runs Janus, the edge and Chromium inside a new network namespace with a veth pair
# (10.200.0.1/24 and 10.200.0.2/24, both inside): Janus never offers loopback candidates, and media
# never reaches the host's own interfaces.
set -euo pipefail
cd "$(dirname "$0")/../../.."

if ! command -v "${JANUS_BIN:-janus}" >/dev/null 2>&1; then
  echo "test:video: the janus binary was not found. Install Debian's janus package (apt-get install janus) or set JANUS_BIN." >&2
  exit 1
fi
for tool in ip unshare; do
  command -v "$tool" >/dev/null 2>&1 || { echo "test:video: $tool is missing (apt-get install iproute2 util-linux)." >&2; exit 1; }
done
[ -f pwa/dist/index.html ] || { echo "test:video: the PWA is not built: run vite build first (npm run test:video does)." >&2; exit 1; }

export VIDEO_E2E_DATA_DIR="${VIDEO_E2E_DATA_DIR:-$(mktemp -d -t dpc-video-XXXXXX)}"
./node_modules/.bin/deno run --allow-all edge/src/test/video-seed.ts "$VIDEO_E2E_DATA_DIR" "${VIDEO_SEED_EXTRA:-1}"

# Root makes the namespace directly; anyone else maps themselves to root in a user namespace.
if [ "$(id -u)" = 0 ]; then ns=(unshare -n); else ns=(unshare -rn); fi
# The command to run inside: the browser test unless another is given (the benchmark passes its own).
if [ $# -eq 0 ]; then set -- npx playwright test -c pwa/e2e/video/playwright.config.ts; fi
status=0
"${ns[@]}" -- bash -c '
  set -euo pipefail
  ip link set lo up
  ip link add veth0 type veth peer name veth1
  ip addr add 10.200.0.1/24 dev veth0
  ip addr add 10.200.0.2/24 dev veth1
  ip link set veth0 up
  ip link set veth1 up
  exec "$@"
' bash "$@" || status=$?
rm -rf "$VIDEO_E2E_DATA_DIR"
exit $status
