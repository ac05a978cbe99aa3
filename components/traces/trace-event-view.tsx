import type { TraceEvent } from "@/lib/traces/build-trace";
import { ErrorStep } from "./error-step";
import { FinalStep } from "./final-step";
import { TraceBaseProvider } from "./folded-text";
import { ModelStep } from "./model-step";
import { ToolStep } from "./tool-step";

/**
 * One renderer per event kind; adding a kind without a renderer fails the type check here.
 * `openHref`: the page showing this step whole; with it, long texts carry a preview (fetched whole when
 * opened) and long diffs are cut. Absent: the step is sent whole.
 * `divergent`: the first divergent step (lib/workbench/analysis/first-divergence.ts).
 */
export function TraceEventView({ event, openHref, divergent = false }: { event: TraceEvent; openHref?: string; divergent?: boolean }) {
  switch (event.kind) {
    case "model":
      return <ModelStep event={event} openHref={openHref} divergent={divergent} />;
    case "tool":
      return <ToolStep event={event} openHref={openHref} divergent={divergent} />;
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
 * `base`: the result's trace page (`/runs/<run>/tasks/<result>`); with it, long texts are folded to a
 * preview and fetched from its step route when opened, except in `openStep`, which is sent whole.
 * `divergentStep` marks the first divergent step.
 */
export function TraceEventList({
  events,
  base,
  openStep,
  divergentStep = null,
}: {
  events: readonly TraceEvent[];
  base?: string;
  openStep?: number;
  divergentStep?: number | null;
}) {
  if (events.length === 0) {
    return <p className="text-sm text-muted" data-testid="trace-empty">No steps were recorded for this result.</p>;
  }
  const list = (
    <ol className="space-y-2" data-testid="trace-steps">
      {events.map((event) => (
        <TraceEventView
          key={event.index}
          event={event}
          openHref={base !== undefined && event.index !== openStep ? `${base}?open=${event.index}#step-${event.index}` : undefined}
          divergent={event.index === divergentStep}
        />
      ))}
    </ol>
  );
  return base === undefined ? list : <TraceBaseProvider base={base}>{list}</TraceBaseProvider>;
}
