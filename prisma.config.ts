import { defineConfig } from "prisma/config";

// DATABASE_URL is optional here so that `prisma generate` works without a database.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/workbench" },
});
