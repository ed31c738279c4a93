# One image per app, all built from the same stages:
#   docker build --build-arg APP=identity -t authsvc/identity:$(node -p "require('./package.json').version") .
# APP is one of: identity, session, organization, mailer, gateway.

# Only the package manifests, so dependency layers are reused until a package.json or the lockfile changes.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY . .
RUN mkdir /manifests \
 && find . -name node_modules -prune -o \( -name package.json -o -name package-lock.json \) -print \
    | xargs cp --parents -t /manifests \
 && cp .npmrc /manifests/

# Compile every workspace (libs, services, gateway) and the web client once.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY --from=manifests /manifests ./
# As .ci/run installs: a lock written where the registry lacks other platforms' optional binaries can make
# `npm ci` refuse it as out of sync; `npm install` then installs the same locked versions.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npx tsc -b tsconfig.build.json \
 && npm run build -w web \
 && mkdir /compiled \
 && for output in libs/*/dist services/*/dist gateway/dist web/dist; do cp -r --parents "$output" /compiled; done

# Production dependencies only; npm links the workspaces into node_modules/@authsvc/*.
FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY --from=manifests /manifests ./
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund) && npm cache clean --force

# Same base (glibc) as the build stages, so bcrypt's prebuilt binary loads.
FROM node:20-bookworm-slim AS runtime
ARG APP
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /compiled ./
# app.js links to the selected app's entry; Node follows the link, so relative paths in the app still resolve.
RUN case "$APP" in \
      gateway) entry=gateway/dist/main.js ;; \
      identity|session|organization|mailer) entry="services/$APP/dist/main.js" ;; \
      *) echo "build with --build-arg APP=identity|session|organization|mailer|gateway (got '$APP')" >&2; exit 1 ;; \
    esac \
 && test -f "$entry" \
 && ln -s "$entry" app.js
USER node
# The gateway's PORT, then each service's default HEALTH_PORT (identity, session, organization, mailer).
EXPOSE 3000 3100 3101 3102 3103 3104
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.HEALTH_PORT || process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "app.js"]
