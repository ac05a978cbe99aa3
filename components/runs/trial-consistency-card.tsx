import { Card, CardHeader } from "@/components/ui/card";
import { formatPercent } from "@/lib/metrics/format";
import type { TrialConsistency } from "@/lib/metrics/trial-consistency";
import { StatCard } from "./stat-card";

/** pass@1 / pass^k / pass@k of a run with k > 1 trials per task: capability next to reliability. */
export function TrialConsistencyCard({ consistency }: { consistency: TrialConsistency }) {
  const { k, tasks, incompleteTasks } = consistency;
  const scope = `${tasks} task${tasks === 1 ? "" : "s"} with all ${k} trials scored`;
  return (
    <Card data-testid="trial-consistency">
      <CardHeader
        title={`Consistency over ${k} trials`}
        description={incompleteTasks > 0 ? `${scope}; ${incompleteTasks} with fewer trials left out.` : `${scope}.`}
      />
      <div className="grid grid-cols-1 gap-3 px-5 py-4 sm:grid-cols-3">
        <StatCard label="pass@1" testId="stat-pass-at-1" value={formatPercent(consistency.passAt1)} detail="mean accuracy of one trial" />
        <StatCard label={`pass^${k}`} testId="stat-pass-hat-k" value={formatPercent(consistency.passHatK)} detail={`all ${k} trials correct`} />
        <StatCard label={`pass@${k}`} testId="stat-pass-at-k" value={formatPercent(consistency.passAtK)} detail={`any of ${k} trials correct`} />
      </div>
    </Card>
  );
}
