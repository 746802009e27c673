# AQ Console: the built console and the compiled server (dist-server/, plain Node, no TypeScript
# loader), run as the unprivileged `node` user. Data (PGlite database when DATABASE_URL is unset,
# signing key, uploaded files) in the /data volume. See the README's Production section and compose.yaml.

# ---- build: every dependency, the console (Vite) and the server (esbuild) -------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build --logLevel warn \
 && node scripts/buildServer.mjs --force \
 && npm prune --omit=dev --no-audit --no-fund

# ---- run: production dependencies and the built files only ----------------------------------------
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    CONSOLE_DIR=/app/dist \
    RESOURCES_DIR=/app/resources
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/resources ./resources
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Ready: database reachable, migrations applied, Redis reachable (when set), not shutting down.
HEALTHCHECK --interval=10s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: requests in flight get SHUTDOWN_GRACE_MS (default 10 s) to finish; give the container more.
STOPSIGNAL SIGTERM
CMD ["node", "dist-server/index.js"]
