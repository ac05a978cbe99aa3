import { describe, expect, test } from "vitest";
import type { FaultKind } from "@/lib/workbench/tools/faults";
import { robustnessMeasures, type FaultedToolStep, type RobustnessTask } from "./robustness";

const isWrite = (tool: string) => tool.startsWith("email.send") || tool.startsWith("calendar.delete");
const step = (call: string, kind?: FaultKind, ordinal = 0): FaultedToolStep => ({
  tool: call.split(".func")[0] ?? call,
  call,
  fault: kind ? { kind, ordinal } : null,
});
const SEND = 'email.send_email.func(recipient="a@b.com")';
const SEARCH = 'email.search_emails.func(query="x")';
const task = (correct: boolean, ...toolSteps: FaultedToolStep[]): RobustnessTask => ({ correct, toolSteps });

describe("robustnessMeasures", () => {
  test("a clean run has no faults and no rates", () => {
    const measures = robustnessMeasures([task(true, step(SEARCH)), task(false)], isWrite);
    expect(measures).toMatchObject({ tasks: 2, tasksWithFaults: 0, faults: 0 });
    expect(measures.recovery).toEqual({ count: 0, of: 0, rate: null, interval: null });
  });

  test("recovery counts the faults of tasks that ended right; give-up the faulted tasks whose last call drew a fault", () => {
    const measures = robustnessMeasures(
      [
        task(true, step(SEARCH, "malformed"), step(SEARCH), step(SEND, "transient", 2), step(SEND)), // recovered 2 faults
        task(false, step(SEARCH), step(SEND, "transient", 1)), // gave up after the fault
        task(true, step(SEARCH)),
      ],
      isWrite,
    );
    expect(measures).toMatchObject({ tasks: 3, tasksWithFaults: 2, faults: 3, faultsByKind: { transient: 2, ambiguous: 0, malformed: 1 } });
    expect(measures.recovery).toMatchObject({ count: 2, of: 3 });
    expect(measures.giveUp).toMatchObject({ count: 1, of: 2, rate: 0.5 });
  });

  test("a blind retry is the same write run again after an ambiguous fault; a repeat that drew a transient fault duplicated nothing", () => {
    const measures = robustnessMeasures(
      [
        task(false, step(SEND, "ambiguous"), step(SEND)), // duplicate write
        task(true, step(SEND, "ambiguous"), step(SEARCH)), // checked, did not repeat
        task(true, step(SEND, "ambiguous"), step(SEND, "transient", 1)), // the repeat never ran
        task(true, step(SEARCH, "ambiguous"), step(SEARCH)), // a read: not a write fault
      ],
      isWrite,
    );
    expect(measures.blindRetry).toMatchObject({ count: 1, of: 3 });
    expect(measures.blindRetry.interval?.low).toBeGreaterThan(0);
  });
});
