// Robustness of a run under injected faults: its settings, and the measures of lib/metrics/robustness.ts
// over its scored results' tool steps. Null for a clean run (no faults were injected).
import "server-only";
import { prisma } from "@/lib/db";
import { robustnessMeasures, type RobustnessMeasures, type RobustnessTask } from "@/lib/metrics/robustness";
import { faultPlanOf, runSettingsFrom } from "@/lib/settings/run-settings";
import { injectedFault } from "@/lib/traces/build-trace";
import { getProtocol, type ProtocolId } from "@/lib/workbench/protocols";
import type { FaultPlan } from "@/lib/workbench/tools/faults";

export interface RunRobustness {
  readonly faultRate: number;
  readonly faultSeed: number;
  /** The kinds' weights the run was launched with (faults.ts FaultPlan.shares). */
  readonly faultShares: FaultPlan["shares"];
  readonly measures: RobustnessMeasures;
}

interface ToolStepRow {
  readonly runId: string;
  readonly resultId: string;
  readonly tool: string | null;
  readonly call: string | null;
  readonly fault: unknown;
}

/**
 * The done results of some runs as the robustness measures read them (verdict and tool steps in order),
 * per run: one run's page, or the pooled measures of a configuration's faulted runs on the board.
 */
export async function robustnessTasksByRun(runIds: readonly string[]): Promise<Map<string, RobustnessTask[]>> {
  if (runIds.length === 0) return new Map();
  const ids = [...runIds];
  const results = await prisma.taskResult.findMany({ where: { runId: { in: ids }, status: "done" }, select: { id: true, runId: true, correct: true } });
  const steps = await prisma.$queryRaw<ToolStepRow[]>`
    SELECT r."runId", s."resultId", s.tool, s.call, s.fault
      FROM "Step" s JOIN "TaskResult" r ON r.id = s."resultId"
     WHERE r."runId" = ANY(${ids}) AND r.status = 'done' AND s.kind = 'tool'
     ORDER BY s."resultId", s.index`;
  const byResult = new Map<string, RobustnessTask["toolSteps"][number][]>();
  for (const step of steps) {
    const list = byResult.get(step.resultId) ?? [];
    list.push({ tool: step.tool ?? "", call: step.call ?? "", fault: injectedFault(step.fault) });
    byResult.set(step.resultId, list);
  }
  const byRun = new Map<string, RobustnessTask[]>(ids.map((id) => [id, []]));
  for (const result of results) byRun.get(result.runId)?.push({ correct: result.correct === true, toolSteps: byResult.get(result.id) ?? [] });
  return byRun;
}

/** Whether a tool of `protocol` changes the sandbox (a write), for the blind-retry measure. */
export function writesOf(protocol: string): (tool: string) => boolean {
  const writes = new Set(getProtocol(protocol as ProtocolId).tools.all.filter((tool) => tool.hasSideEffects).map((tool) => tool.name));
  return (tool) => writes.has(tool);
}

export async function getRunRobustness({ runId }: { runId: string }): Promise<RunRobustness | null> {
  const run = await prisma.run.findUnique({ where: { id: runId }, select: { params: true, protocol: true } });
  if (!run) return null;
  const settings = runSettingsFrom(run.params);
  const plan = faultPlanOf(settings);
  if (!plan) return null;
  const tasks = (await robustnessTasksByRun([runId])).get(runId) ?? [];
  return { faultRate: plan.rate, faultSeed: plan.seed, faultShares: plan.shares, measures: robustnessMeasures(tasks, writesOf(run.protocol)) };
}
