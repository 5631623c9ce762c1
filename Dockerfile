# One image for every role (ROLE=api|worker|all).
FROM node:20-bookworm-slim AS build
WORKDIR /srv
COPY package.json package-lock.json ./
COPY libs/domain/package.json libs/domain/
COPY libs/db/package.json libs/db/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev && rm -rf apps/web/dist-sourcemaps

FROM node:20-bookworm-slim
WORKDIR /srv
ENV NODE_ENV=production PORT=3000
COPY --from=build /srv /srv
EXPOSE 3000
USER node
CMD ["node", "apps/api/dist/main.js"]
