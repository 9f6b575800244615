#!/bin/sh
# The container image's build steps, in two parts so the image caches its dependencies apart from the
# code: `deps` (after package.json and package-lock.json are copied) and `build` (after the rest).
# CI runs both outside a container (scripts/check-image.mjs) so they cannot rot on a machine without a
# container engine.
set -eu
case "${1:-}" in
deps) npm ci --no-audit --no-fund ;;
build)
  npm run build
  # The runtime stage copies node_modules: only what the server needs at run time.
  npm prune --omit=dev --no-audit --no-fund
  ;;
*)
  echo "usage: image-build.sh deps|build" >&2
  exit 2
  ;;
esac
