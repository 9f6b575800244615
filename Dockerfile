# syntax=docker/dockerfile:1
# ChairNotes: one instance of the web server (API, prerendered pages, the app). docs/deploy.md explains
# how to run several behind a load balancer; compose.yaml is a starting point.
# CI runs these build steps and the runtime's COPY lines, CMD and HEALTHCHECK outside a container
# (scripts/check-image.mjs): keep COPY --from=build lines as `COPY --from=build [--chown=...] SRC DST`.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json scripts/image-build.sh ./
RUN sh image-build.sh deps
COPY . .
RUN sh scripts/image-build.sh build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=5000
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/src/server/db/migrations ./src/server/db/migrations
# The operator's texts (content/practice-terms.md...): replace them at build, or mount your own over /app/content.
COPY --from=build --chown=node:node /app/content ./content
# Not root: the server needs no privilege (port 5000; PGlite's DATA_DIR, if used, is a volume it owns).
USER node
EXPOSE 5000
# The instance is ready when it answers and its database is migrated (docs/deploy.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The command-line tools (src/server/cli/) are in the image too, for one-off jobs with the instances'
# environment: node dist/server/cli/admin-create.js, seed.js, stripe-setup.js, oidc-rotate-keys.js.
# Exec form: node itself is PID 1 and gets the SIGTERM of `docker stop`; the server handles it (it stops
# taking requests, finishes those in flight, then exits: src/server/main.ts).
CMD ["node", "dist/server/main.js"]
