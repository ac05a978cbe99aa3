/**
 * Calls per tool over a run's traces: how many ran, how many the tool refused by its answer ("Email
 * not found.": ran, changed nothing) and how many raised (failed). Refusals are the engine's rule
 * (lib/workbench/tools/refusals.ts). Input is grouped rows, so a run of thousands of steps stays light.
 */
import { toolCallStatus } from "@/lib/workbench/tools/refusals";

export interface ToolCallGroup {
  readonly tool: string | null;
  readonly ok: boolean | null;
  /** The observation when it is short enough to be a refusal, else null. */
  readonly observation: string | null;
  readonly calls: number;
}

export interface ToolCallStats {
  readonly tool: string;
  readonly calls: number;
  readonly refused: number;
  readonly failed: number;
  /** (refused + failed) / calls. */
  readonly errorRate: number;
}

/** Per tool, most calls first; a total row is the caller's sum. */
export function toolCallStats(groups: readonly ToolCallGroup[]): ToolCallStats[] {
  const byTool = new Map<string, { calls: number; refused: number; failed: number }>();
  for (const group of groups) {
    const tool = group.tool ?? "(unknown tool)";
    const entry = byTool.get(tool) ?? { calls: 0, refused: 0, failed: 0 };
    const status = toolCallStatus(group.ok, group.observation);
    entry.calls += group.calls;
    if (status === "refused") entry.refused += group.calls;
    if (status === "failed") entry.failed += group.calls;
    byTool.set(tool, entry);
  }
  return [...byTool]
    .map(([tool, e]) => ({ tool, ...e, errorRate: e.calls ? (e.refused + e.failed) / e.calls : 0 }))
    .sort((a, b) => b.calls - a.calls || a.tool.localeCompare(b.tool));
}
