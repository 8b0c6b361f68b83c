# syntax=docker/dockerfile:1

# Node 22, an LTS release in maintenance until April 2027 (Node 20 reached its end of life in April
# 2026). package.json's engines (>=20.19.0, enforced by .npmrc's engine-strict) admit it.
#
# The base images are named by tag, not pinned by digest: a digest can only be read from a registry
# (`docker buildx imagetools inspect node:22-bookworm-slim`), and the machines this was written and
# tested on have neither a container daemon nor access to Docker Hub, so no digest here could be
# checked. To pin, append `@sha256:<digest>` to both FROM lines with the date it was read in a
# comment, and refresh it with the Node patch releases (README → Docker).
ARG NODE_VERSION=22

# Build: full toolchain, compile TypeScript to dist/.
FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
# npm ci runs the package's `prepare` script, scripts/prepare.mjs: without sources to build (src/ comes
# later) it does nothing, but it must be there. test/package/dockerfile.test.ts runs these steps.
COPY package.json package-lock.json .npmrc ./
COPY scripts/prepare.mjs ./scripts/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

# Runtime: production dependencies only, no compiler, unprivileged user.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# `prepare` again: no sources and no compiler here, so it does nothing; dist/ comes from the build stage.
COPY package.json package-lock.json .npmrc ./
COPY scripts/prepare.mjs ./scripts/
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
