#!/bin/sh
# `npm run dev`: the server with reload on :3000 and Vite's dev server with hot reload on :5173.
set -e
cd "$(dirname "$0")/.."
sh scripts/ensure-install.sh
npx tsx watch server/src/main.ts &
server=$!
trap 'kill $server 2>/dev/null' EXIT INT TERM
npx vite --config client/vite.config.mts
