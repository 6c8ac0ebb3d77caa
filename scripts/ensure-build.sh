#!/bin/sh
# Builds the server and the client when dist/ is missing, when any source changed since the last build, or when
# the last build was not a production build. The client is always built for production, whatever NODE_ENV says
# here: with NODE_ENV=development in the environment, Vite builds React's development bundle (half as large
# again), and the server's renderer built that way fails in production ("jsxDEV is not a function").
set -e
cd "$(dirname "$0")/.."
stamp=dist/.build-stamp
mode=production
if [ "$(cat "$stamp" 2>/dev/null)" != "$mode" ] || [ ! -f sandbox/dist/index.js ] || [ -n "$(find server/src sandbox/src sandbox/package.json sandbox/tsconfig.json common client/src client/index.html client/public client/tv client/vite.tv.config.mts lang schema package-lock.json tsconfig.json tsconfig.build.json client/vite.config.mts -newer "$stamp" 2>/dev/null | head -n 1)" ]; then
  echo "Building server and client..."
  NODE_ENV=$mode npm run build
  echo "$mode" > "$stamp"
fi
