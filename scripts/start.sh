#!/bin/sh
# `npm start`: installs what is missing, builds what changed, and runs the whole product on
# http://localhost:${PORT:-3000} (embedded database in ./data unless DATABASE_URL is set).
set -e
cd "$(dirname "$0")/.."
sh scripts/ensure-install.sh
sh scripts/ensure-build.sh
exec node dist/server/src/main.js
