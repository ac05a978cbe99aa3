import { describe, expect, test } from "vitest";
import { parseEnv } from "@/lib/env";
import { WORKER_DEFAULTS, workerOptionsFrom } from "./worker-options";

describe("workerOptionsFrom", () => {
  test("an empty environment gives every default", () => {
    expect(workerOptionsFrom(parseEnv({}))).toEqual({
      concurrency: 32, heartbeatMs: 5_000, staleMs: 15_000, staleGraceMs: 30_000, idlePollMs: 1_000,
    });
    expect(WORKER_DEFAULTS.slots).toBe(32);
  });

  test("each variable sets its own timing, parsed by lib/env", () => {
    const environment = parseEnv({
      WORKBENCH_WORKER_CONCURRENCY: "8", WORKBENCH_HEARTBEAT_MS: "200", WORKBENCH_WORKER_STALE_MS: "1500",
      WORKBENCH_STALE_GRACE_MS: "700", WORKBENCH_IDLE_POLL_MS: "100",
    });
    expect(workerOptionsFrom(environment)).toEqual({ concurrency: 8, heartbeatMs: 200, staleMs: 1_500, staleGraceMs: 700, idlePollMs: 100 });
  });

  test("slots from the command line count only when WORKBENCH_WORKER_CONCURRENCY is unset", () => {
    expect(workerOptionsFrom(parseEnv({}), 4).concurrency).toBe(4);
    expect(workerOptionsFrom(parseEnv({ WORKBENCH_WORKER_CONCURRENCY: "6" }), 4).concurrency).toBe(6);
  });
});
