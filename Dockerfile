# syntax=docker/dockerfile:1
# glibc (bookworm) rather than alpine: better-sqlite3 ships and builds for glibc.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# a plain dist/ folder (the image is built once; `npm run build` keeps builds side by side for replicas sharing a checkout)
RUN npx tsc -p tsconfig.build.json && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production HTTP_PORT=8080 DATABASE_PATH=/app/data/bot.db
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY locales ./locales
# the offline playground's page (node dist/main.js --playground; the image itself runs in production)
COPY playground ./playground
COPY drizzle ./drizzle
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.HTTP_PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# the node flags of `npm start` (package.json; a test keeps the two alike): see README → Performance
CMD ["node", "--heap-growing-percent=100", "dist/main.js"]
