// Reads of sweeps (lib/runs/sweep.ts): the runs of one sweep, grouped into a curve per agent.
import "server-only";
import { prisma } from "@/lib/db";
import { sweepCurves, type SweepCurve, type SweepRun } from "@/lib/metrics/sweep-curves";
import { runSettingsFrom } from "@/lib/settings/run-settings";

export interface Sweep {
  readonly id: string;
  readonly name: string;
  readonly runs: readonly SweepRun[];
  readonly curves: readonly SweepCurve[];
}

export async function getSweep({ id }: { id: string }): Promise<Sweep | null> {
  const rows = await prisma.run.findMany({
    where: { params: { path: ["sweep", "id"], equals: id } },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, agent: true, model: true, status: true, params: true, tasksDone: true, tasksTotal: true, correctCount: true, sideEffectCount: true },
  });
  if (rows.length === 0) return null;
  const runs = rows.map((row) => ({
    id: row.id,
    name: row.name,
    agent: row.agent,
    model: row.model,
    status: row.status,
    faultRate: runSettingsFrom(row.params).faultRate,
    phrasing: runSettingsFrom(row.params).phrasing,
    scored: row.tasksDone,
    total: row.tasksTotal,
    correct: row.correctCount,
    sideEffects: row.sideEffectCount,
  }));
  const first = rows[0]?.params as { sweep?: { name?: string } } | null;
  return { id, name: first?.sweep?.name ?? "sweep", runs, curves: sweepCurves(runs) };
}

/** The sweep a run belongs to, from its params (null for a run launched alone). */
export function sweepOfRun(params: unknown): { id: string; name: string } | null {
  const sweep = (params as { sweep?: { id?: unknown; name?: unknown } } | null)?.sweep;
  return typeof sweep?.id === "string" && typeof sweep.name === "string" ? { id: sweep.id, name: sweep.name } : null;
}
