import { PrimaryCausesCard } from "@/components/runs/primary-causes-card";
import { ToolCallsCard } from "@/components/runs/tool-calls-card";
import { prisma } from "@/lib/db";
import { toolCallStats } from "@/lib/metrics/tool-call-stats";
import { getRunPrimaryCauses, getRunToolCallGroups } from "@/lib/queries/primary-causes";

/** Why the run's answers were wrong (one primary cause each) and how its tool calls ended, per tool. */
export async function RunExplainPanels({ run }: { run: { id: string; source: string } }) {
  const [causes, groups] = await Promise.all([getRunPrimaryCauses(prisma, run), getRunToolCallGroups(prisma, run.id)]);
  return (
    <div className="space-y-6">
      <PrimaryCausesCard wrong={causes.wrong} causes={causes.causes} />
      <ToolCallsCard stats={toolCallStats(groups)} />
    </div>
  );
}
