# TonieShelf: one image serving the API and the built client.
FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
# The server workspace's postinstall would make the embedded database's templates; the sources
# are not here yet, so it is skipped (it says so in one line) and made below.
COPY scripts/pglite-template.mjs scripts/
RUN TONIESHELF_SKIP_PGLITE_TEMPLATE=1 npm ci --no-audit --no-fund
COPY . .
# The embedded database's data-directory templates (node_modules/.cache/tonieshelf-pglite), made
# into the image: a container's first start with a new DATA_DIR copies one instead of running
# initdb and the migrations. --strict: a template that cannot be made fails the build.
RUN npm run build && npm run pglite:template -w server -- --strict
EXPOSE 3000
CMD ["node", "--import", "tsx", "server/src/main.ts"]
