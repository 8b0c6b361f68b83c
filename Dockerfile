# syntax=docker/dockerfile:1

# Node 22, an LTS release in maintenance until April 2027 (Node 20 reached its end of life in April
# 2026). package.json's engines (>=20.19.0, enforced by .npmrc's engine-strict) admit it.
ARG NODE_VERSION=22

# Build: full toolchain, compile TypeScript to dist/.
FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

# Runtime: production dependencies only, no compiler, unprivileged user.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The sandbox's default templates (samples/templates.json), the sample mappings and the mapping
# schema: the demo and --sandbox need them at run time.
COPY samples ./samples
COPY mappings ./mappings
COPY schema ./schema
RUN chmod 0755 dist/cli/main.js && ln -s /app/dist/cli/main.js /usr/local/bin/mge-ingest

# Inputs, mappings and reports live in the mounted /data; the image itself stays read-only.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
WORKDIR /data
# The image's `node` user by number, so that a cluster's runAsNonRoot can tell it is not root.
USER 1000:1000
ENTRYPOINT ["mge-ingest"]
CMD ["--help"]
