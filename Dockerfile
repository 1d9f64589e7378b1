# syntax=docker/dockerfile:1
# Rendezvous in one image: the server with the built web app. Multi-stage, so the image holds the
# build's output and production dependencies only, no compilers, sources or dev tools.
#   docker build -t rendezvous .
#   docker run -p 3000:3000 -e SESSION_SECRET=… -e DATABASE_URL=… rendezvous
# compose.yaml runs it as a cluster (README: Running in production).

ARG NODE_VERSION=22

# Everything the build needs: all workspaces' dependencies, dev ones included.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles itself when no prebuilt binary matches the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# What runs: the production dependencies of the server, the web app's server renderer and the
# contract, installed apart so no dev dependency comes along.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund --workspace server --workspace web --workspace contract \
  && npm cache clean --force \
  # Each workspace's own node_modules may be empty; made so the COPY below always finds it.
  && mkdir -p contract/node_modules server/node_modules web/node_modules

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/contract/package.json ./contract/
COPY --from=deps /app/contract/node_modules ./contract/node_modules
COPY --from=build /app/contract/dist ./contract/dist
COPY --from=deps /app/server/package.json ./server/
COPY --from=deps /app/server/node_modules ./server/node_modules
COPY --from=build /app/server/dist ./server/dist
COPY --from=deps /app/web/package.json ./web/
COPY --from=deps /app/web/node_modules ./web/node_modules
COPY --from=build /app/web/build ./web/build
COPY --from=build /app/web/locales ./web/locales
# SQLite, local photos and local mail live here when no PostgreSQL, bucket or SMTP is configured:
# mount a volume on it for a single node.
RUN mkdir -p /data && chown node:node /data
# The image's own unprivileged user; nothing under /app is writable by it.
USER node
EXPOSE 3000
VOLUME ["/data"]
# The same route the load balancer asks: 200 while the database answers.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
