# One image for every Tracker process; TRACKER_SERVICE picks which one runs: gateway,
# identity, catalog, bugs, comments, flags, mailer, or standalone (all in one, embedded
# storage). TRACKER_MIGRATE_ONLY=true makes a service apply its migrations and exit (the
# upgrade's migration Job). docs/operations-guide.md tells how it is deployed.
#
#   docker build -t tracker .
#   docker run -e TRACKER_SERVICE=standalone -p 3000:3000 tracker
#
# Debian 12 (bookworm) like the machines CI runs on, so the lockfile's native optional
# packages (glibc builds) are the ones tested. Node 20 is what the project runs on today;
# the version is one argument (docs/stack.md).
ARG NODE_IMAGE=node:20.20-bookworm-slim

# Production dependencies only, from the lockfile: what the runtime image carries.
# test/deploy/runtime-dependencies.spec.ts checks that every package the processes
# require at run time is a production dependency, so nothing the runtime needs is left out.
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# Everything, to compile TypeScript to dist/ (swc, tools/build.mjs).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY tools/build.mjs ./tools/
COPY apps ./apps
COPY libs ./libs
# test helpers (src/testing, libs/testing) are never loaded by a process (test/deploy checks it)
RUN npm run build && rm -rf dist/libs/testing && find dist -type d -name testing -prune -exec rm -rf {} +

# The runtime: node, the production node_modules and the compiled processes, no compiler,
# no npm cache, no sources, no test or benchmark code. Runs as the image's user node
# (uid 1000), by number so that Kubernetes' runAsNonRoot can verify it; nothing in the
# image is writable by it, so a read-only root filesystem works (only /tmp is needed).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    TRACKER_SERVICE=gateway \
    TRACKER_DATA_DIR=/data
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist/apps ./dist/apps
COPY --from=build /app/dist/libs ./dist/libs
COPY package.json ./
# the standalone process's embedded storage (TRACKER_DATA_DIR): mount a volume here
RUN mkdir /data && chown 1000:1000 /data
USER 1000:1000
EXPOSE 3000
# The gateway (and standalone) answer GET /rest/version; a service answers its health
# message over NATS (apps/healthcheck). Kubernetes ignores this and probes by itself.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "dist/apps/healthcheck/src/main.js"]
# exec: node becomes PID 1 and receives SIGTERM itself, for the graceful shutdown
CMD ["sh", "-c", "exec node dist/apps/${TRACKER_SERVICE}/src/main.js"]
