#!/bin/sh
# `npm test`: every suite (codegen drift, server unit + integration, client, browser) with one summary line.
set -e
cd "$(dirname "$0")/.."
sh scripts/ensure-install.sh
exec node tests/run.mjs "$@"
