import { defineConfig } from "drizzle-kit";

/**
 * One config for both dialects: `DB_DIALECT=pg npx drizzle-kit generate` writes drizzle/pg from
 * schema.pg.ts; the default writes drizzle/sqlite from schema.sqlite.ts (`npm run db:generate` runs both).
 */
const dialect = process.env.DB_DIALECT === "pg" ? "postgresql" : "sqlite";
const folder = dialect === "postgresql" ? "pg" : "sqlite";

export default defineConfig({
  dialect,
  schema: `./src/store/schema.${folder}.ts`,
  out: `./drizzle/${folder}`,
});
