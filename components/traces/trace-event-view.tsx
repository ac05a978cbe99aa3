import type { TraceEvent } from "@/lib/traces/build-trace";
import { ErrorStep } from "./error-step";
import { FinalStep } from "./final-step";
import { ModelStep } from "./model-step";
import { ToolStep } from "./tool-step";

/** One renderer per event kind; adding a kind without a renderer fails the type check here. */
export function TraceEventView({ event }: { event: TraceEvent }) {
  switch (event.kind) {
    case "model":
      return <ModelStep event={event} />;
    case "tool":
      return <ToolStep event={event} />;
    case "final":
      return <FinalStep event={event} />;
    case "error":
      return <ErrorStep event={event} />;
    default: {
      const unreachable: never = event;
      throw new Error(`Unhandled trace event ${JSON.stringify(unreachable)}`);
    }
  }
}

export function TraceEventList({ events }: { events: readonly TraceEvent[] }) {
  if (events.length === 0) {
    return <p className="text-sm text-muted" data-testid="trace-empty">No steps were recorded for this result.</p>;
  }
  return (
    <ol className="space-y-2" data-testid="trace-steps">
      {events.map((event) => (
        <TraceEventView key={event.index} event={event} />
      ))}
    </ol>
  );
}
