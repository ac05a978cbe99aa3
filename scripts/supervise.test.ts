import { describe, expect, test } from "vitest";
import { supervise } from "./supervise";

/** A fake clock: each start "runs" for the given durations, sleeps only advance time. */
function harness(runs: { ms: number; code: number }[], stopAfter = Number.POSITIVE_INFINITY) {
  let time = 0;
  let started = 0;
  const delays: number[] = [];
  const options = {
    stopping: () => started >= stopAfter,
    log: () => undefined,
    now: () => time,
    sleep: async (ms: number) => {
      delays.push(ms);
      time += ms;
    },
  };
  const start = async () => {
    const run = runs[started] ?? { ms: 3_600_000, code: 0 };
    started += 1;
    time += run.ms;
    return run.code;
  };
  return { start, options, delays, starts: () => started };
}

describe("supervise", () => {
  test("a crashed server is restarted with a doubling backoff, reset once it stayed up", async () => {
    const crash = (ms: number) => ({ ms, code: 137 });
    const h = harness([crash(30_000), crash(30_000), crash(30_000), crash(120_000), crash(30_000)], 6);
    await supervise(h.start, h.options);
    expect(h.starts()).toBe(6);
    expect(h.delays).toEqual([1_000, 2_000, 4_000, 1_000, 2_000]);
  });

  test("the backoff is capped at 30 s", async () => {
    const h = harness(Array.from({ length: 9 }, () => ({ ms: 20_000, code: 1 })), 10);
    await supervise(h.start, h.options);
    expect(Math.max(...h.delays)).toBe(30_000);
  });

  test("an exit after a stop signal is final: no restart", async () => {
    const h = harness([{ ms: 5_000, code: 143 }], 1);
    expect(await supervise(h.start, h.options)).toBe(143);
    expect(h.starts()).toBe(1);
    expect(h.delays).toEqual([]);
  });

  test("a server that dies right after starting, again and again, is given up on with its code", async () => {
    const h = harness(Array.from({ length: 10 }, () => ({ ms: 500, code: 1 })));
    expect(await supervise(h.start, h.options)).toBe(1);
    expect(h.starts()).toBe(5);
  });
});
