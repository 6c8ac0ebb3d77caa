#!/bin/sh
# Builds the server and the client when dist/ is missing or any source changed since the last build.
set -e
cd "$(dirname "$0")/.."
stamp=dist/.build-stamp
if [ ! -f "$stamp" ] || [ -n "$(find server/src common client/src client/index.html client/public schema package-lock.json tsconfig.json tsconfig.build.json client/vite.config.mts -newer "$stamp" 2>/dev/null | head -n 1)" ]; then
  echo "Building server and client..."
  npm run build
  touch "$stamp"
fi
