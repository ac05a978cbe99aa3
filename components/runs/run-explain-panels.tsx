import { PrimaryCausesCard } from "@/components/runs/primary-causes-card";
import { ToolCallsCard } from "@/components/runs/tool-calls-card";
import { prisma } from "@/lib/db";
import { toolCallStats } from "@/lib/metrics/tool-call-stats";
import { getRunExplanation } from "@/lib/queries/primary-causes";

/** Why the run's answers were wrong (one primary cause each) and how its tool calls ended, per tool. */
export async function RunExplainPanels({ run }: { run: { id: string; source: string } }) {
  // Kept on a finished run (RunExplanation): the page does not re-read every result's calls.
  const { wrong, causes, toolCallGroups } = await getRunExplanation(prisma, run.id);
  return (
    <div className="space-y-6">
      <PrimaryCausesCard wrong={wrong} causes={causes} />
      <ToolCallsCard stats={toolCallStats(toolCallGroups)} />
    </div>
  );
}
