import { Badge } from "@/components/ui/badge";
import type { ModelEvent } from "@/lib/traces/build-trace";
import { formatDuration } from "@/lib/metrics/format";
import { CollapsibleText } from "./collapsible-text";
import { StepShell } from "./step-shell";

export function ModelStep({ event, openHref, divergent = false }: { event: ModelEvent; openHref?: string; divergent?: boolean }) {
  const firstLine = event.text.split("\n").find((line) => line.trim() !== "") ?? "(no text)";
  const asked = event.confidenceTurn;
  return (
    <StepShell
      divergent={divergent}
      index={event.index}
      // The confidence turn (an opt-in run setting): the model turn after the final answer, its reading in a badge.
      kind={asked ? "confidence" : "model"}
      tone={asked?.error ? "warn" : "accent"}
      title={firstLine}
      titleClassName="text-muted"
      meta={
        <>
          {event.inputTokens + event.outputTokens > 0 ? (
            <span title="input → output tokens">
              {event.inputTokens.toLocaleString("en-US")} → {event.outputTokens.toLocaleString("en-US")} tok
            </span>
          ) : null}
          {event.latencyMs ? <span>{formatDuration(event.latencyMs)}</span> : null}
          {event.finishReason ? <Badge>{event.finishReason}</Badge> : null}
          {event.retries > 0 ? <Badge tone="warn">{event.retries} retries</Badge> : null}
          {asked ? (
            <Badge tone={asked.value === null ? "warn" : undefined} title="The confidence read from the reply (TaskResult.confidence); unreadable or out of range: none">
              {asked.error ? `confidence turn failed (${asked.error})` : asked.value === null ? "confidence: none read" : `confidence ${asked.value}`}
            </Badge>
          ) : null}
        </>
      }
    >
      <CollapsibleText text={event.text} collapsed={event.textCollapsed} label="Model output" fold={openHref ? { step: event.index, part: "text" } : undefined} />
    </StepShell>
  );
}
