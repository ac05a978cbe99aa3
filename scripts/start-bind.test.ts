// `npm start` refuses a public address while sign-in is off, before it starts anything (no database,
// no build, no server): the check runs first and says what to do.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "..");

test("HOST=0.0.0.0 without STUDIO_ADMIN_PASSWORD: start exits 1 with a clear message", () => {
  const { STUDIO_ADMIN_PASSWORD: _password, STUDIO_OIDC_PROVIDERS: _oidc, ...env } = process.env;
  const result = spawnSync(path.join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/start.ts"], {
    cwd: repoRoot,
    env: { ...env, HOST: "0.0.0.0", DATABASE_URL: "postgresql://nobody@127.0.0.1:9/none" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/Refusing to listen on 0\.0\.0\.0: sign-in is not configured/);
  expect(result.stderr).toMatch(/STUDIO_ADMIN_PASSWORD/);
});
