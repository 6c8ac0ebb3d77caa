#!/bin/sh
# Builds what changed since the last build: the server (with the payment stand-ins' package) when its sources
# changed, the client (the portal's and the site's bundles, the server renderer and the TV app) when its sources did; both
# when dist/ is missing or the last build was not a production build. The builds that do not depend on each other
# run at once (on two cores, about half the time): the server's, the browser bundles' (portal, then site: the
# site's build adds to the portal's dist/client), and the server renderer's.
#
# The server is built by tsc without its type check (--noCheck: the same JavaScript, a third of the time); the
# types are checked by `npm run typecheck` (part of `npm run check`, run by CI), not at every start.
#
# The client is always built for production, whatever NODE_ENV says here: with NODE_ENV=development in the
# environment, Vite builds React's development bundle (half as large again), and the server's renderer built that
# way fails in production ("jsxDEV is not a function").
set -e
cd "$(dirname "$0")/.."
mode=production
stamp=dist/.build-stamp
server_built=dist/.server-built
client_built=dist/.client-built

# Whether any of the given paths has a file newer than the marker (or the marker is missing).
changed_since() {
  marker=$1
  shift
  [ ! -f "$marker" ] || [ -n "$(find "$@" -newer "$marker" 2>/dev/null | head -n 1)" ]
}

if [ "$(cat "$stamp" 2>/dev/null)" != "$mode" ]; then
  rm -f "$server_built" "$client_built"
fi
server=no
client=no
if [ ! -f sandbox/dist/index.js ] || changed_since "$server_built" server/src sandbox/src sandbox/package.json \
  sandbox/tsconfig.json common package-lock.json tsconfig.json tsconfig.build.json; then
  server=yes
fi
# The whole of client/: its pages, its Vite config and the build plugins beside it.
if changed_since "$client_built" client common lang package-lock.json; then
  client=yes
fi
[ "$server" = no ] && [ "$client" = no ] && exit 0

case "$server$client" in
  yesyes) echo "Building server and client..." ;;
  yesno) echo "Building the server (the client is up to date)..." ;;
  *) echo "Building the client (the server is up to date)..." ;;
esac
mkdir -p dist
started=$(date +%s)
# Markers are touched before building: a source saved during the build is newer, and builds again next time.
[ "$server" = yes ] && touch "$server_built.next"
[ "$client" = yes ] && touch "$client_built.next"
pids=""
# Vite from node_modules/.bin rather than through npx: npx starts npm first, a third of a second of CPU each time.
vite=node_modules/.bin/vite
if [ "$server" = yes ]; then
  npm run --silent build:server &
  pids="$pids $!"
fi
if [ "$client" = yes ]; then
  (
    NODE_ENV=$mode $vite build --config client/vite.config.mts --logLevel warn &&
      NODE_ENV=$mode $vite build --config client/vite.config.mts --mode site --logLevel warn
  ) &
  pids="$pids $!"
  NODE_ENV=$mode $vite build --config client/vite.config.mts --ssr src/entry-server.tsx --logLevel warn &
  pids="$pids $!"
  # The TV app (dist/tv), built on its own for packaging.
  NODE_ENV=$mode $vite build --config client/vite.tv.config.mts --logLevel warn &
  pids="$pids $!"
fi
failed=0
for pid in $pids; do
  wait "$pid" || failed=1
done
if [ "$failed" -ne 0 ]; then
  rm -f "$server_built.next" "$client_built.next"
  echo "The build failed (above)." >&2
  exit 1
fi
[ "$server" = yes ] && mv "$server_built.next" "$server_built"
[ "$client" = yes ] && mv "$client_built.next" "$client_built"
echo "$mode" > "$stamp"
echo "Built in $(($(date +%s) - started)) s."
