# syntax=docker/dockerfile:1
# One image for every app of the product; the container's command names the app (see deploy/docker/entrypoint.sh):
#   docker run -p 8080:8080 translation-rooms                 # embedded: everything in one process
#   docker run translation-rooms gateway | accounts-svc | rooms-svc | translate-svc | tts-svc | asr-svc | migrate
# Debian slim rather than Alpine: embedded mode runs embedded-postgres' linux-x64 binaries, built against glibc.

ARG NODE_IMAGE=node:20-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 NX_NO_CLOUD=true NX_DAEMON=false
COPY package.json package-lock.json .npmrc ./
# `npm install` rather than `npm ci`, as scripts/ensure.mjs does: the lockfile holds no registry URLs, and
# `npm ci` then refuses the optional packages of other platforms; the locked versions are installed all the same.
RUN npm install --no-audit --no-fund && npm cache clean --force

FROM deps AS build
COPY . .
RUN npm run build \
 && test -f dist/server/apps/gateway/src/main.js \
 && test -f dist/server/apps/migrate/src/main.js \
 && test -f dist/web/index.html \
 && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# tini as PID 1: forwards SIGTERM to node and reaps what embedded PostgreSQL leaves behind.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    LANG=C.UTF-8 \
    TS_NODE_PROJECT=/app/tsconfig.runtime.json \
    DATA_DIR=/data \
    PORT=8080 \
    METRICS_PORT=9464
COPY --from=build /app/package.json /app/tsconfig.runtime.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/server/apps ./dist/server/apps
COPY --from=build /app/dist/server/libs ./dist/server/libs
COPY --from=build /app/dist/web ./dist/web
COPY deploy/docker/entrypoint.sh /usr/local/bin/lt-entrypoint
COPY deploy/docker/healthcheck.cjs /usr/local/lib/lt/healthcheck.cjs
# The image's files stay root's and read-only to the app; only DATA_DIR (embedded PostgreSQL, mails written
# without SMTP) is its own. A numeric user, so that Kubernetes' runAsNonRoot can verify it.
RUN chmod 0755 /usr/local/bin/lt-entrypoint \
 && mkdir -p /data \
 && chown 1000:1000 /data
VOLUME ["/data"]
USER 1000:1000
# 8080: the gateway (HTTP, /api, /ws) or embedded mode; 9464: Prometheus /metrics. Services answer
# /healthz and /readyz on HEALTH_PORT (8081 accounts, 8082 rooms, 8083 translate, 8084 tts, 8085 asr by default).
EXPOSE 8080 9464
# Ready, not only alive: docker compose starts the gateway once the services it needs are healthy.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["node", "/usr/local/lib/lt/healthcheck.cjs"]
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/lt-entrypoint"]
CMD ["embedded"]
