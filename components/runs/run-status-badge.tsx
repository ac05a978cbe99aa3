import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { RunStatus } from "@/lib/generated/prisma/enums";

const tones: Record<RunStatus, BadgeTone> = {
  queued: "neutral",
  running: "accent",
  cancelling: "warn",
  cancelled: "warn",
  completed: "good",
  failed: "bad",
  budget_exceeded: "bad",
};

export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <Badge tone={tones[status]} data-testid="run-status" data-status={status}>
      {status}
    </Badge>
  );
}
