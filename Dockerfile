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
# DejaVu Sans has the peso sign (₱) and ñ: the PDF exports embed it (EXPORT_PDF_FONT to choose another)
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /srv
ENV NODE_ENV=production PORT=3000
COPY --from=build /srv /srv
EXPOSE 3000
USER node
CMD ["node", "apps/api/dist/main.js"]
