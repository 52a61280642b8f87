#!/usr/bin/env bash
# README command 1: install, generate the API pages, build the site and serve it on localhost.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cd docusaurus-site
echo "==> generate API pages"
npx docusaurus gen-api-docs all
echo "==> build site"
npx docusaurus build
echo "==> serving on http://localhost:${PORT:-3000}"
exec npx docusaurus serve --host "${HOST:-localhost}" --port "${PORT:-3000}" --no-open
