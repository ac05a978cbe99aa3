import type { FinalEvent } from "@/lib/traces/build-trace";
import { CollapsibleText } from "./collapsible-text";
import { StepShell } from "./step-shell";

export function FinalStep({ event, divergent = false }: { event: FinalEvent; divergent?: boolean }) {
  return (
    <StepShell divergent={divergent} index={event.index} kind="final" tone="neutral" title="Final answer">
      <CollapsibleText text={event.text} collapsed={false} label="Final answer" />
    </StepShell>
  );
}
