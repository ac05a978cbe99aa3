import { Badge } from "@/components/ui/badge";
import { errorReason } from "@/lib/runs/error-reason";
import type { ErrorEvent } from "@/lib/traces/build-trace";
import { StepShell } from "./step-shell";

/** How the task ended in error: a one-line reason, the stored text (an exception, a provider's answer) folded below it. */
export function ErrorStep({ event, divergent = false }: { event: ErrorEvent; divergent?: boolean }) {
  const { reason, full } = errorReason(event.message || "Error");
  return (
    <StepShell divergent={divergent} index={event.index} kind="error" tone="bad" title={reason} titleClassName="text-bad" meta={<Badge tone="bad">{event.errorKind}</Badge>}>
      {full === null ? null : (
        <details data-testid="error-step-full">
          <summary className="trace-fold">Full text</summary>
          <pre className="trace-text mt-1">{full}</pre>
        </details>
      )}
    </StepShell>
  );
}
