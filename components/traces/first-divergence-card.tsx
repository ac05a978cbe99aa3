import { Card } from "@/components/ui/card";
import type { Divergence } from "@/lib/workbench/analysis/first-divergence";

/**
 * The top-of-trace answer to "where did it go wrong", linking to the step. Side by side, two traces
 * share step numbers, so there the step is named without a link (it is ringed in its column).
 */
export function FirstDivergenceCard({
  divergence,
  linked = true,
  stepHref = (step) => `#step-${step}`,
}: {
  divergence: Divergence | null;
  linked?: boolean;
  /** Where the step is shown (a paged trace opens the step's page). */
  stepHref?: (step: number) => string;
}) {
  if (!divergence) {
    return (
      <Card className="px-5 py-3 text-sm text-muted" data-testid="first-divergence" data-kind="unavailable">
        The ground truth&apos;s sandbox is not stored, so the agent&apos;s calls cannot be replayed against it.
      </Card>
    );
  }
  if (divergence.kind === "none") {
    return (
      <Card className="px-5 py-3 text-sm text-good" data-testid="first-divergence" data-kind="none">
        No divergence: replaying the agent&apos;s calls reaches the ground truth&apos;s end state.
      </Card>
    );
  }
  const title = divergence.kind === "wrong-write" ? "First wrong write" : "Stopped short";
  const step = divergence.step;
  return (
    <Card className="border-bad px-5 py-3 text-sm" data-testid="first-divergence" data-kind={divergence.kind} data-step={step ?? undefined}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-semibold text-bad">{title}</span>
        {step !== null && !linked ? <span className="font-mono text-muted">step #{step}</span> : null}
        {step !== null && linked ? (
          <a href={stepHref(step)} className="font-mono text-accent hover:underline" data-testid="first-divergence-link">
            step #{step}
          </a>
        ) : step === null && divergence.kind === "wrong-write" ? (
          <span className="font-mono text-muted">call {divergence.callIndex + 1}</span>
        ) : null}
      </div>
      <p className="mt-1 break-words text-ink" data-testid="first-divergence-reason">
        The agent {divergence.reason}.
      </p>
      {divergence.kind === "wrong-write" ? <p className="mt-1 font-mono text-xs break-all text-muted">{divergence.call}</p> : null}
    </Card>
  );
}
