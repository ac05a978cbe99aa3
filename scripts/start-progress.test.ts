import { describe, expect, test } from "vitest";
import { StartProgress } from "./start-progress";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

describe("StartProgress", () => {
  test("names every running step with its elapsed time, and reports each end", async () => {
    let now = 0;
    const lines: string[] = [];
    const progress = new StartProgress({ everyMs: 60_000, log: (line) => lines.push(line), now: () => now });
    const build = deferred();
    const data = deferred();
    const building = progress.track("building the app", build.promise);
    now = 5_000;
    const preparing = progress.track("preparing data", data.promise);
    now = 12_000;
    progress.tick();
    data.resolve();
    await preparing;
    now = 20_400;
    progress.tick();
    build.resolve();
    await building;
    progress.tick(); // nothing running: silent
    expect(lines).toEqual([
      "start: building the app...",
      "start: preparing data...",
      "start: still working: building the app (12 s); preparing data (7 s)",
      "start: preparing data: finished in 7 s",
      "start: still working: building the app (20 s)",
      "start: building the app: finished in 20 s",
    ]);
  });

  test("passes a failure through and stops reporting the step", async () => {
    const lines: string[] = [];
    const progress = new StartProgress({ everyMs: 60_000, log: (line) => lines.push(line), now: () => 0 });
    await expect(progress.track("migrating", Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    progress.tick();
    expect(lines).toEqual(["start: migrating...", "start: migrating: finished in 0 s"]);
  });

  test("prints on its own every few seconds while a step runs", async () => {
    // The step ends once the timer has printed twice on its own (no fixed wait: a loaded machine may
    // delay a timer, never skip it); a progress that never ticks leaves the step running and the test fails.
    const lines: string[] = [];
    const stillWorking = () => lines.filter((line) => line.startsWith("start: still working: building")).length;
    let finish = () => {};
    const step = new Promise<void>((resolve) => (finish = resolve));
    const progress = new StartProgress({
      everyMs: 20,
      log: (line) => {
        lines.push(line);
        if (stillWorking() === 2) finish();
      },
    });
    await progress.track("building", step);
    expect(stillWorking()).toBe(2);
    expect(lines.at(-1)).toMatch(/^start: building: finished in \d+ s$/);
  });
});
