# One image per app, all built from the same stages:
#   docker build --build-arg APP=identity -t authsvc/identity:$(node -p "require('./package.json').version") .
# APP is one of: identity, session, organization, mailer, gateway. An image holds only its app's compiled code (and
# the libs it links) and its production dependencies: no React, Vite or better-auth in a service image.

# Node 24.18.0 on Debian bookworm, pinned by digest so that a rebuild gets the same base; update both together.
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d

# Only the package manifests, so dependency layers are reused until a package.json or the lockfile changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN mkdir /manifests \
 && find . -name node_modules -prune -o \( -name package.json -o -name package-lock.json \) -print \
    | xargs cp --parents -t /manifests \
 && cp .npmrc /manifests/

# Compile every workspace (libs, services, gateway) and the web client once.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /manifests ./
# As .ci/run installs: a lock written where the registry lacks other platforms' optional binaries can make
# `npm ci` refuse it as out of sync; `npm install` then installs the same locked versions.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npx tsc -b tsconfig.build.json && npm run build -w web

# The workspace of APP, and its compiled code with the libs' (the gateway also serves the web client's build).
FROM build AS app-files
ARG APP
RUN case "$APP" in \
      gateway) workspace=gateway; extra=web/dist ;; \
      identity|session|organization|mailer) workspace="services/$APP"; extra= ;; \
      *) echo "build with --build-arg APP=identity|session|organization|mailer|gateway (got '$APP')" >&2; exit 1 ;; \
    esac \
 && echo "$workspace" > /workspace \
 && mkdir /compiled \
 && for output in libs/*/dist "$workspace/dist" $extra; do cp -r --parents "$output" /compiled; done \
 && ln -s "$workspace/dist/main.js" /compiled/app.js

# The production dependencies of APP's workspace alone; npm links the libs it uses into node_modules/@authsvc/*.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY --from=manifests /manifests ./
COPY --from=app-files /workspace /workspace
RUN workspace="$(cat /workspace)" \
 && (npm ci --omit=dev --no-audit --no-fund -w "$workspace" || npm install --omit=dev --no-audit --no-fund -w "$workspace") \
 && npm cache clean --force

# Same base (glibc) as the build stages, so bcrypt's prebuilt binary loads.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=app-files /compiled ./
USER node
# The gateway's PORT, then each service's default HEALTH_PORT (identity, session, organization, mailer).
EXPOSE 3000 3100 3101 3102 3103 3104
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.HEALTH_PORT || process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "app.js"]
