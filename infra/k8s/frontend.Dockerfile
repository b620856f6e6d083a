# One front end per image, served by nginx as static files. APP picks which:
# shell, mfe-seller, mfe-dealer or mfe-admin. From the repository root:
#   docker build -f infra/k8s/frontend.Dockerfile --build-arg APP=shell \
#     --build-arg PUBLIC_URL=https://cardirect.example.com -t cardirect-shell .
FROM node:20-bookworm-slim AS build
ARG APP=shell
# Only the shell uses it: the og:url and og:image social-card links in its index.html.
ARG PUBLIC_URL=http://localhost:8080
WORKDIR /app
# npm install builds every workspace's native modules (better-sqlite3 of the vehicle service too).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm install --no-audit --no-fund \
  && PUBLIC_URL="$PUBLIC_URL" NX_DAEMON=false NX_NO_CLOUD=true node_modules/.bin/nx run "@cardirect/$APP:build"
# Lay the files out at the path the Ingress sends to this image: the shell at /, a remote at
# /remotes/<name>/ (the gateway's remote map: /remotes/seller/mf-manifest.json, ...).
RUN case "$APP" in \
      shell) dest=/out ;; \
      mfe-seller|mfe-dealer|mfe-admin) dest="/out/remotes/${APP#mfe-}" ;; \
      *) echo "APP must be shell, mfe-seller, mfe-dealer or mfe-admin, not '$APP'" >&2; exit 1 ;; \
    esac \
  && mkdir -p "$dest" && cp -R "$APP/dist/." "$dest/"

FROM nginxinc/nginx-unprivileged:1.27-alpine
COPY infra/k8s/frontend-nginx.conf /etc/nginx/nginx.conf
COPY --from=build /out /srv/www
EXPOSE 8080
USER 101
