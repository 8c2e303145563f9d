# One image for every Tracker process; TRACKER_SERVICE picks which one runs:
# gateway, identity, catalog, bugs, comments, flags, mailer, or standalone (all in one).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY tools ./tools
COPY apps ./apps
COPY libs ./libs
COPY bench ./bench
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production TRACKER_SERVICE=gateway
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
USER node
EXPOSE 3000
CMD ["sh", "-c", "exec node dist/apps/${TRACKER_SERVICE}/src/main.js"]
