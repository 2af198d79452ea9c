# syntax=docker/dockerfile:1
# Aitlas in one image: `docker build -t aitlas .`, then `docker run -v aitlas:/data -p 3000:3000 aitlas`.
# Debian's glibc, not Alpine's musl: sharp's prebuilt libvips and PGlite run as they do everywhere else
# (decision 089). Node 24, the LTS line package.json's engines admit with 22 (decision 115). One stage
# names the base image; the others start from it.
FROM node:24-bookworm-slim AS base
WORKDIR /app

# Every dependency, for the build.
FROM base AS build
COPY package.json package-lock.json ./
# npm ci installs exactly the lockfile and stops when package.json has drifted from it.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only, installed on their own so no build tool reaches the runtime.
# --legacy-peer-deps: production packages name build tools as optional peers (better-auth vitest and
# drizzle-kit, @react-router/node typescript), which the lockfile marks devOptional and `--omit=dev`
# alone still installs, with vite, tsx and esbuild behind them. Without peer edges only what the
# dependencies and optionalDependencies reach is installed; sharp's platform binary stays.
FROM base AS production-dependencies
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --legacy-peer-deps --no-audit --no-fund

FROM base AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000
# The code belongs to root and is only read; the server writes nowhere but DATA_DIR.
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.js ./
COPY drizzle ./drizzle
# The volume takes the ownership of the directory it mounts over when it is first created.
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# The slim image has no curl: Node itself asks /healthz, which answers whatever the Host.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself, not `npm start`: that would build again, and npm would stand between Docker's
# SIGTERM and the server's graceful shutdown.
CMD ["node", "server.js"]
