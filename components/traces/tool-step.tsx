import { Badge } from "@/components/ui/badge";
import type { ToolEvent } from "@/lib/traces/build-trace";
import { formatDuration } from "@/lib/metrics/format";
import { CollapsibleText } from "./collapsible-text";
import { DiffTables, STEP_DIFF_LABELS } from "./diff-tables";
import { StepShell } from "./step-shell";

export function ToolStep({ event, fullHref, divergent = false }: { event: ToolEvent; fullHref?: string; divergent?: boolean }) {
  return (
    <StepShell
      divergent={divergent}
      index={event.index}
      kind="tool"
      tone={event.ok ? "good" : "bad"}
      title={<span className="font-mono text-xs">{event.tool}</span>}
      meta={
        <>
          {event.diffSummary ? <span data-testid="tool-diff-summary">{event.diffSummary}</span> : null}
          {event.latencyMs !== null ? <span>{formatDuration(event.latencyMs)}</span> : null}
          {event.ok ? (
            <Badge tone="good" data-testid="tool-ok">
              ok
            </Badge>
          ) : (
            <Badge tone="bad" data-testid="tool-failed">
              failed
            </Badge>
          )}
        </>
      }
    >
      <div>
        <div className="mb-1 text-xs font-medium text-muted">Call</div>
        <code className="block overflow-x-auto rounded-lg bg-canvas px-3 py-2 text-xs break-all text-ink ring-1 ring-line ring-inset" data-testid="tool-call">
          {event.call}
        </code>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div>
          <div className="mb-1 text-xs font-medium text-muted">Arguments</div>
          <CollapsibleText text={event.argsText} collapsed={false} label="Arguments" />
        </div>
        <div>
          <div className="mb-1 text-xs font-medium text-muted">Observation</div>
          <CollapsibleText text={event.observation} collapsed={event.observationCollapsed} label="Observation" fullHref={fullHref} />
        </div>
      </div>
      {event.diff.length > 0 ? (
        <div>
          <div className="mb-1 text-xs font-medium text-muted">State change</div>
          <DiffTables tables={event.diff} labels={STEP_DIFF_LABELS} testId="step-diff" />
        </div>
      ) : null}
    </StepShell>
  );
}
