# syntax=docker/dockerfile:1
# Production image: multi-stage build on Node 22 LTS, runs as the unprivileged `node` user.

FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# The embedded PostgreSQL binaries are an optional dependency for `npm start`; production uses MongoDB.
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --chown=root:root package.json ./
COPY --chown=root:root scripts/serve.mjs ./scripts/serve.mjs
COPY --chown=root:root scripts/lib/http-app.mjs scripts/lib/rr-express.mjs ./scripts/lib/
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The flags of APP_NODE_FLAGS in scripts/lib/http-app.mjs.
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=25", "--interrupt-budget=16896", "scripts/serve.mjs"]
