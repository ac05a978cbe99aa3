// How an agent behaved under injected tool faults (lib/workbench/tools/faults.ts), from its recorded steps
// and verdicts. Outcome-centric scoring already says whether the task ended right; these measures say what
// the agent did about the faults on the way:
//   recovery     of the injected faults, the share in tasks that still ended in the right state;
//   blind retry  of the ambiguous faults on a write (applied, answered with a timeout), the share followed
//                later in the task by the same call again, run for real: a duplicate write;
//   give-up      of the tasks with a fault, the share whose last tool call was a faulted one (no call after it).
import type { FaultKind, InjectedFault } from "@/lib/workbench/tools/faults";
import { wilsonInterval, type Interval } from "./wilson";

export interface FaultedToolStep {
  readonly tool: string;
  readonly call: string;
  readonly fault: InjectedFault | null;
}

export interface RobustnessTask {
  readonly correct: boolean;
  /** The task's tool steps in order. */
  readonly toolSteps: readonly FaultedToolStep[];
}

export interface Rate {
  readonly count: number;
  readonly of: number;
  /** count / of, null when `of` is 0. */
  readonly rate: number | null;
  readonly interval: Interval | null;
}

export interface RobustnessMeasures {
  readonly tasks: number;
  readonly tasksWithFaults: number;
  readonly faults: number;
  readonly faultsByKind: Readonly<Record<FaultKind, number>>;
  readonly recovery: Rate;
  readonly blindRetry: Rate;
  readonly giveUp: Rate;
}

function rate(count: number, of: number): Rate {
  return { count, of, rate: of > 0 ? count / of : null, interval: wilsonInterval(count, of) };
}

/** The ambiguous faults on a write in one task, and how many of them a later run of the same call string repeated. */
function blindRetries(steps: readonly FaultedToolStep[], isWrite: (tool: string) => boolean): { ambiguousWrites: number; retried: number } {
  let ambiguousWrites = 0;
  let retried = 0;
  steps.forEach((step, index) => {
    if (step.fault?.kind !== "ambiguous" || !isWrite(step.tool)) return;
    ambiguousWrites++;
    // A repeat that drew a transient fault did not run: it duplicated nothing.
    if (steps.slice(index + 1).some((later) => later.call === step.call && later.fault?.kind !== "transient")) retried++;
  });
  return { ambiguousWrites, retried };
}

/** The measures of one run (or of several runs' tasks pooled); `isWrite` says which tools change the sandbox. */
export function robustnessMeasures(tasks: readonly RobustnessTask[], isWrite: (tool: string) => boolean): RobustnessMeasures {
  const faultsByKind: Record<FaultKind, number> = { transient: 0, ambiguous: 0, malformed: 0 };
  let faults = 0;
  let recovered = 0;
  let tasksWithFaults = 0;
  let gaveUp = 0;
  let ambiguousWrites = 0;
  let retried = 0;
  for (const task of tasks) {
    const faulted = task.toolSteps.filter((step) => step.fault);
    if (faulted.length === 0) continue;
    tasksWithFaults++;
    faults += faulted.length;
    for (const step of faulted) if (step.fault) faultsByKind[step.fault.kind]++;
    if (task.correct) recovered += faulted.length;
    if (task.toolSteps.at(-1)?.fault) gaveUp++;
    const retries = blindRetries(task.toolSteps, isWrite);
    ambiguousWrites += retries.ambiguousWrites;
    retried += retries.retried;
  }
  return {
    tasks: tasks.length,
    tasksWithFaults,
    faults,
    faultsByKind,
    recovery: rate(recovered, faults),
    blindRetry: rate(retried, ambiguousWrites),
    giveUp: rate(gaveUp, tasksWithFaults),
  };
}
