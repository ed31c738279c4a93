# One image per app, all built from the same stages:
#   docker build --build-arg APP=identity -t authsvc/identity .
# APP is one of: identity, session, organization, mailer, gateway.

# Only the package manifests, so dependency layers are reused until a package.json or the lockfile changes.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY . .
RUN mkdir /manifests \
 && find . -name node_modules -prune -o \( -name package.json -o -name package-lock.json \) -print \
    | xargs cp --parents -t /manifests

# Compile every workspace (libs, services, gateway) and the web client once.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY --from=manifests /manifests ./
RUN npm ci
COPY . .
RUN npx tsc -b tsconfig.build.json \
 && npm run build -w web \
 && mkdir /compiled \
 && for output in libs/*/dist services/*/dist gateway/dist web/dist; do cp -r --parents "$output" /compiled; done

# Production dependencies only; npm links the workspaces into node_modules/@authsvc/*.
FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY --from=manifests /manifests ./
RUN npm ci --omit=dev && npm cache clean --force

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
CMD ["node", "app.js"]
