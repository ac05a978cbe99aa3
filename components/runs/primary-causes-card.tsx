"use client";

import { Card, CardHeader } from "@/components/ui/card";
import type { CauseCount } from "@/lib/metrics/primary-causes";

/**
 * One primary cause per wrong answer (the first of an ordered list of rules that holds; "other" last),
 * drawn as bars: unlike the Fig. 6 categories they do not overlap, so they sum to the wrong answers.
 * A client component handed the counts: the page's payload carries them, not a rendered copy of each bar.
 */
export function PrimaryCausesCard({ wrong, causes }: { wrong: number; causes: readonly CauseCount[] }) {
  const largest = Math.max(1, ...causes.map((cause) => cause.count));
  return (
    <Card data-testid="primary-causes">
      <CardHeader
        title="Why answers were wrong"
        description={`One primary cause per wrong answer, the first rule that holds, in this order; they sum to the ${wrong} wrong answers.`}
      />
      <ol className="space-y-1.5 px-5 py-4">
        {causes.map((cause) => (
          <li key={cause.id} className="grid grid-cols-[11rem_minmax(0,40rem)_3rem] items-center gap-3 text-sm" data-testid={`cause-${cause.id}`} title={cause.description}>
            <span className={cause.count ? "text-ink" : "text-muted"}>{cause.label}</span>
            <span className="h-3 rounded-sm bg-canvas">
              <span className="block h-3 rounded-sm bg-bad/70" style={{ width: `${(100 * cause.count) / largest}%` }} />
            </span>
            <span className="text-right tabular-nums" data-testid="cause-count">
              {cause.count}
            </span>
          </li>
        ))}
      </ol>
      <p className="border-t border-line px-5 py-2 text-xs text-muted" data-testid="primary-causes-total">
        Total {causes.reduce((sum, cause) => sum + cause.count, 0)} of {wrong} wrong answers · hover a cause for its rule
      </p>
    </Card>
  );
}
