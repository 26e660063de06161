// The PostgreSQL schema's migrations (db/pg/schema.ts → db/pg/migrations); drizzle.config.ts is SQLite's.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/pg/schema.ts',
  out: './db/pg/migrations',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://localhost/quote_configurator' },
});
