// `npm start` refuses a public address while sign-in is off, before it starts anything (no database,
// no build, no server): the check runs first and says what to do. Both as shipped (dist/start.mjs,
// compiled) and from source under tsx.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { bindHost, DEFAULT_HOST } from "@/lib/security/bind-host";

const repoRoot = path.resolve(import.meta.dirname, "..");

beforeAll(() => {
  const build = spawnSync(process.execPath, ["scripts/build/build-cli.mjs", "--if-stale"], { cwd: repoRoot, encoding: "utf8", timeout: 120_000 });
  expect(build.status, build.stderr).toBe(0);
});

describe.each([
  ["node dist/start.mjs", [process.execPath, "dist/start.mjs"]],
  ["tsx scripts/start.ts", [path.join(repoRoot, "node_modules", ".bin", "tsx"), "scripts/start.ts"]],
])("%s", (_label, [command, ...args]) => {
  test("HOST=0.0.0.0 without STUDIO_ADMIN_PASSWORD: start exits 1 with a clear message", () => {
    const { STUDIO_ADMIN_PASSWORD: _password, STUDIO_OIDC_PROVIDERS: _oidc, ...env } = process.env;
    const result = spawnSync(command!, args, {
      cwd: repoRoot,
      env: { ...env, HOST: "0.0.0.0", DATABASE_URL: "postgresql://nobody@127.0.0.1:9/none" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Refusing to listen on 0\.0\.0\.0: sign-in is not configured/);
    expect(result.stderr).toMatch(/STUDIO_ADMIN_PASSWORD/);
  });
});

test("without HOST the address is 127.0.0.1, which start.ts assumes without loading bind-host", () => {
  expect(DEFAULT_HOST).toBe("127.0.0.1");
  expect(bindHost({})).toEqual({ host: "127.0.0.1" });
});
