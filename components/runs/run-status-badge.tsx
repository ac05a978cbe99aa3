import { Badge } from "@/components/ui/badge";
import type { RunStatus } from "@/lib/generated/prisma/enums";
import { displayStatus } from "@/lib/runs/run-outcome";

/**
 * A run's status as it should read (lib/runs/run-outcome.ts): a completed run whose tasks failed at
 * the provider shows `failed` or `completed with errors` (with the share) in red. Without `outcome`
 * counts the stored status is shown as is.
 */
export function RunStatusBadge({
  status,
  outcome,
  className,
}: {
  status: RunStatus;
  outcome?: { source: string; done: number; providerFailures: number };
  /** e.g. `whitespace-normal` where a narrow table column lets "completed with errors · …" wrap. */
  className?: string;
}) {
  const shown = displayStatus({ status, source: outcome?.source ?? "launched", done: outcome?.done ?? 0, providerFailures: outcome?.providerFailures ?? 0 });
  return (
    <Badge tone={shown.tone} className={className} data-testid="run-status" data-status={shown.status} title={shown.detail ?? undefined}>
      {shown.label}
    </Badge>
  );
}
