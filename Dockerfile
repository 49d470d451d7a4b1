# One image for every Node part of the product (distributed mode); each compose service runs its
# own entry point. The gateway stage serves the built UI with nginx.
FROM node:22-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim AS app
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data /documents && chown node:node /data /documents
USER node
EXPOSE 8080
CMD ["node", "embedded/dist/main.js"]

FROM nginx:1.27-bookworm AS gateway
COPY gateway/nginx.conf /etc/nginx/conf.d/default.conf
# The office's own proxies (gateway/proxies/*.conf), mounted by docker-compose; none by default.
RUN mkdir -p /etc/nginx/proxies
COPY --from=build /app/admin-ui/dist /usr/share/nginx/html
