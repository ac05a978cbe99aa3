import { Badge } from "@/components/ui/badge";
import type { ErrorEvent } from "@/lib/traces/build-trace";
import { StepShell } from "./step-shell";

export function ErrorStep({ event, divergent = false }: { event: ErrorEvent; divergent?: boolean }) {
  return (
    <StepShell divergent={divergent} index={event.index} kind="error" tone="bad" title={event.message || "Error"} titleClassName="text-bad" meta={<Badge tone="bad">{event.errorKind}</Badge>} />
  );
}
