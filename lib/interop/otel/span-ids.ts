// Trace and span ids derived from what a span stands for, so that exporting a run twice (or a run
// traced live, then exported) gives the same trace and a collector stores it once. A task's trace id is
// a hash of (run, task, trial); each span's id a hash of the same plus the span's place in the task
// (the agent span, or the stored step's index). The SDK asks its IdGenerator for ids as a span starts:
// PlannedIdGenerator hands out the ids planned for that start, and random ones when none are planned.
import { createHash, randomBytes } from "node:crypto";
import type { IdGenerator } from "@opentelemetry/sdk-trace-base";

/** What a task's spans are derived from: the run, the task, the trial. */
export interface TaskIdentity {
  readonly runId: string;
  readonly taskKey: string;
  readonly trial: number;
}

/** Where a span sits in its task: the agent span, or the step at this index of the stored steps. */
export type SpanPlace = "agent" | number;

export interface PlannedIds {
  readonly traceId: string;
  readonly spanId: string;
}

function hashHex(parts: readonly (string | number)[], bytes: number): string {
  // Length-prefixed fields: ("a", "bc") and ("ab", "c") hash differently.
  const hash = createHash("sha256");
  for (const part of parts) {
    const text = String(part);
    hash.update(`${text.length}:${text};`);
  }
  const hex = hash.digest("hex").slice(0, bytes * 2);
  // An all-zero id is invalid in W3C trace context; sha-256 giving one is next to impossible, but be exact.
  return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}

/** 32 hex digits: the trace of one task's spans. */
export function taskTraceId(task: TaskIdentity): string {
  return hashHex(["workbench-trace", task.runId, task.taskKey, task.trial], 16);
}

/** 16 hex digits: one span of the task. */
export function taskSpanId(task: TaskIdentity, place: SpanPlace): string {
  return hashHex(["workbench-span", task.runId, task.taskKey, task.trial, place], 8);
}

export function plannedIds(task: TaskIdentity, place: SpanPlace): PlannedIds {
  return { traceId: taskTraceId(task), spanId: taskSpanId(task, place) };
}

/** An IdGenerator that gives the span being started the ids planned for it (see startWith). */
export class PlannedIdGenerator implements IdGenerator {
  private planned: PlannedIds | null = null;

  /** Calls `start` (which starts one span, synchronously) with `ids` handed to that span. */
  startWith<T>(ids: PlannedIds, start: () => T): T {
    this.planned = ids;
    try {
      return start();
    } finally {
      this.planned = null;
    }
  }

  generateTraceId(): string {
    return this.planned?.traceId ?? randomBytes(16).toString("hex");
  }

  generateSpanId(): string {
    return this.planned?.spanId ?? randomBytes(8).toString("hex");
  }
}
