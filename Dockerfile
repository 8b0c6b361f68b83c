# syntax=docker/dockerfile:1

# Build: full toolchain, compile TypeScript to dist/.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

# Runtime: production dependencies only, unprivileged user.
FROM node:20-bookworm-slim AS runtime
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
USER node
ENTRYPOINT ["mge-ingest"]
CMD ["--help"]
