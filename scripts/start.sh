#!/bin/sh
# `npm start`: installs what is missing, builds what changed, and runs the whole product on
# http://localhost:${PORT:-3000} (embedded database in ./data unless DATABASE_URL is set). The server's first line
# says how long it took from here to ready (`readyAfterMs`), install and build included.
set -e
cd "$(dirname "$0")/.."
NPM_START_AT=$(node -p 'Date.now()')
export NPM_START_AT
sh scripts/ensure-install.sh
sh scripts/ensure-build.sh
exec node dist/server/src/main.js
