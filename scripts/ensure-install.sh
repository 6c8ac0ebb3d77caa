#!/bin/sh
# Installs dependencies from the lockfile when node_modules is missing or older than the lockfile. With a warm npm
# cache nothing is downloaded (--prefer-offline: the lockfile pins every tarball by its hash).
set -e
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dependencies (npm ci)..."
  started=$(date +%s)
  npm ci --no-audit --no-fund --prefer-offline
  echo "Installed in $(($(date +%s) - started)) s."
fi
