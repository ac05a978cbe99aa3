// The live hook: after a task's verdict is stored (lib/runs/after-finish.ts, the same for built-in and
// external agents), its spans are built from what was stored and queued for the collector — in the
// background: the task's worker never waits for it, and a failure here is logged, never thrown.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { errorMessage } from "@/lib/errors";
import { atEndOfProcess } from "@/lib/process-end";
import { loadResultForExport } from "../run-export";
import { emitTaskSpans } from "./task-spans";
import { createRunTracing, otlpConfigFromEnv, type RunTracing } from "./tracing";

let current: RunTracing | null | undefined;
const pending = new Set<Promise<void>>();

/** The process's tracing (from the environment on first use); null when OTEL_EXPORTER_OTLP_ENDPOINT is unset. */
export function processTracing(): RunTracing | null {
  if (current === undefined) {
    const config = otlpConfigFromEnv();
    current = config ? createRunTracing(config) : null;
    if (current) atEndOfProcess(() => shutdownProcessTracing());
  }
  return current;
}

/** Replaces the process's tracing (tests with their own receiver; null turns it off). */
export function useProcessTracing(tracing: RunTracing | null): void {
  current = tracing;
}

/** Queues the spans of a finished result; returns at once. */
export function traceFinishedResult(db: PrismaClient, resultId: string): void {
  const tracing = processTracing();
  if (!tracing) return;
  const job = (async () => {
    const run = await loadResultForExport(db, resultId);
    const result = run?.results[0];
    if (run && result) emitTaskSpans(tracing, run, result, { captureContent: tracing.config.captureContent });
  })().catch((error: unknown) => console.warn(`OpenTelemetry: the spans of result ${resultId} were not made: ${errorMessage(error)}`));
  pending.add(job);
  void job.finally(() => pending.delete(job));
}

/** Resolves once the spans of every result finished so far are queued (tests, shutdown). */
export async function tracesQueued(): Promise<void> {
  await Promise.all([...pending]);
}

/**
 * When a worker stops: what is queued is sent (waiting at most `timeoutMs`) and the spans dropped since
 * the last report are logged with their count. The pipeline stays open (a process may start another worker).
 * 0.3 s: a collector that answers takes milliseconds; one that does not must not hold the stop
 * (a stopping process then ends within about 1 s of its last task, shutdownProcessTracing included).
 */
export async function flushProcessTracing(timeoutMs = 300): Promise<void> {
  if (!current) return;
  await tracesQueued();
  await current.flush(timeoutMs);
  current.reportDropped();
}

/**
 * At a process's end (endOfProcess, lib/process-end.ts): what is queued is sent (bounded wait), what is
 * still in flight abandoned, and the dropped count logged.
 */
export async function shutdownProcessTracing(timeoutMs = 200): Promise<void> {
  if (!current) return;
  await tracesQueued();
  await current.shutdown(timeoutMs);
}
