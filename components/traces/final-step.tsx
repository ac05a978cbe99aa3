import type { FinalEvent } from "@/lib/traces/build-trace";
import { CollapsibleText } from "./collapsible-text";
import { StepShell } from "./step-shell";

export function FinalStep({ event }: { event: FinalEvent }) {
  return (
    <StepShell index={event.index} kind="final" tone="neutral" title="Final answer">
      <CollapsibleText text={event.text} collapsed={false} label="Final answer" />
    </StepShell>
  );
}
