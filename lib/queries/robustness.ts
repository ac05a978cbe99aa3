// Robustness of a run under injected faults: its settings, and the measures of lib/metrics/robustness.ts
// over its scored results' tool steps. Null for a clean run (no faults were injected).
import "server-only";
import { prisma } from "@/lib/db";
import { robustnessMeasures, type RobustnessMeasures, type RobustnessTask } from "@/lib/metrics/robustness";
import { faultPlanOf, runSettingsFrom } from "@/lib/runs/run-settings";
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
  readonly resultId: string;
  readonly tool: string | null;
  readonly call: string | null;
  readonly fault: unknown;
}

export async function getRunRobustness({ runId }: { runId: string }): Promise<RunRobustness | null> {
  const run = await prisma.run.findUnique({ where: { id: runId }, select: { params: true, protocol: true } });
  if (!run) return null;
  const settings = runSettingsFrom(run.params);
  const plan = faultPlanOf(settings);
  if (!plan) return null;
  const results = await prisma.taskResult.findMany({ where: { runId, status: "done" }, select: { id: true, correct: true } });
  const steps = await prisma.$queryRaw<ToolStepRow[]>`
    SELECT s."resultId", s.tool, s.call, s.fault
      FROM "Step" s JOIN "TaskResult" r ON r.id = s."resultId"
     WHERE r."runId" = ${runId} AND r.status = 'done' AND s.kind = 'tool'
     ORDER BY s."resultId", s.index`;
  const byResult = new Map<string, RobustnessTask["toolSteps"][number][]>();
  for (const step of steps) {
    const list = byResult.get(step.resultId) ?? [];
    list.push({ tool: step.tool ?? "", call: step.call ?? "", fault: injectedFault(step.fault) });
    byResult.set(step.resultId, list);
  }
  const writes = new Set(getProtocol(run.protocol as ProtocolId).tools.all.filter((tool) => tool.hasSideEffects).map((tool) => tool.name));
  const tasks = results.map((result) => ({ correct: result.correct === true, toolSteps: byResult.get(result.id) ?? [] }));
  return { faultRate: plan.rate, faultSeed: plan.seed, faultShares: plan.shares, measures: robustnessMeasures(tasks, (tool) => writes.has(tool)) };
}
