import type { TraceEvent } from "@/lib/traces/build-trace";
import { ErrorStep } from "./error-step";
import { FinalStep } from "./final-step";
import { ModelStep } from "./model-step";
import { ToolStep } from "./tool-step";

/**
 * One renderer per event kind; adding a kind without a renderer fails the type check here.
 * `fullHref`: where this step's folded text is shown whole (absent: the step is shown whole here).
 * `divergent`: the first divergent step (lib/workbench/analysis/first-divergence.ts).
 */
export function TraceEventView({ event, fullHref, divergent = false }: { event: TraceEvent; fullHref?: string; divergent?: boolean }) {
  switch (event.kind) {
    case "model":
      return <ModelStep event={event} fullHref={fullHref} divergent={divergent} />;
    case "tool":
      return <ToolStep event={event} fullHref={fullHref} divergent={divergent} />;
    case "final":
      return <FinalStep event={event} divergent={divergent} />;
    case "error":
      return <ErrorStep event={event} divergent={divergent} />;
    default: {
      const unreachable: never = event;
      throw new Error(`Unhandled trace event ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * `openStep`: the step whose folded texts are sent whole; `fullHref(index)` links to that view.
 * `divergentStep` marks the first divergent step.
 */
export function TraceEventList({
  events,
  openStep,
  fullHref,
  divergentStep = null,
}: {
  events: readonly TraceEvent[];
  openStep?: number;
  fullHref?: (index: number) => string;
  divergentStep?: number | null;
}) {
  if (events.length === 0) {
    return <p className="text-sm text-muted" data-testid="trace-empty">No steps were recorded for this result.</p>;
  }
  return (
    <ol className="space-y-2" data-testid="trace-steps">
      {events.map((event) => (
        <TraceEventView
          key={event.index}
          event={event}
          fullHref={event.index === openStep ? undefined : fullHref?.(event.index)}
          divergent={event.index === divergentStep}
        />
      ))}
    </ol>
  );
}
