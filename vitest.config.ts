import { defineConfig } from "vitest/config";
import path from "node:path";

// Two projects: `unit` (no database, beside the code) and `db` (*.db.test.ts, real PostgreSQL from
// scripts/with-db.ts). The e2e suite is Playwright's, under e2e/.
export default defineConfig({
  // "server-only" throws outside Next's server bundle; db tests call lib/queries directly.
  resolve: { alias: { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["**/*.db.test.ts"],
          // .bench-baseline: another commit's sources while a bench compares against it (scripts/bench/baseline-app.ts).
          exclude: ["node_modules/**", ".bench-baseline/**"],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
