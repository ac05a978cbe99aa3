import type { ReactNode } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import type { ConfigNoise } from "@/lib/metrics/noise";
import { noiseBasis } from "@/lib/metrics/config-table";

/**
 * How much a configuration's accuracy moves when it runs again (lib/metrics/noise.ts): the run-to-run
 * spread, the tasks that flip, and the intraclass correlation, with what they rest on; or why they are not
 * measured and how to measure them. A server component: plain markup.
 */
export function NoiseCard({ noise }: { noise: ConfigNoise | null }) {
  return (
    <Card data-testid="noise-card">
      <CardHeader
        title="Noise"
        description={
          noise ? (
            <>
              Rests on <span data-testid="noise-basis">{noiseBasis(noise)}</span>, {noise.tasks} tasks with two verdicts or more (every trial of every run pooled).
            </>
          ) : (
            "Not measured: no task of this configuration has two verdicts. Another run of it, or a run with --trials 3, measures it."
          )
        }
      />
      {noise ? (
        <dl className="grid gap-x-6 gap-y-3 px-5 py-4 text-sm sm:grid-cols-3">
          <Figure id="noise-sd" name="Run-to-run spread" value={noise.accuracySd === null ? "—" : `±${(100 * noise.accuracySd).toFixed(2)} pts`}>
            standard deviation of the accuracy of each of its {noise.repeats} {noise.repeatKind}
          </Figure>
          <Figure id="noise-flips" name="Tasks that flip" value={`${(100 * noise.flipRate).toFixed(1)} %`}>
            {Math.round(noise.flipRate * noise.tasks)} of {noise.tasks} tasks right in one repeat and wrong in another
          </Figure>
          <Figure id="noise-icc" name="Intraclass correlation" value={noise.icc === null ? "—" : noise.icc.toFixed(3)}>
            ICC(1) of the verdicts within tasks: near 1, a task&apos;s verdict repeats; near 0, repeats are coin flips
          </Figure>
        </dl>
      ) : null}
    </Card>
  );
}

function Figure({ id, name, value, children }: { id: string; name: string; value: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted">{name}</dt>
      <dd className="text-lg font-semibold tabular-nums text-ink" data-testid={id}>{value}</dd>
      <dd className="text-xs text-muted">{children}</dd>
    </div>
  );
}
