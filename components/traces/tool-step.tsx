import { Badge } from "@/components/ui/badge";
import type { ToolEvent } from "@/lib/traces/build-trace";
import { formatDuration } from "@/lib/metrics/format";
import { CollapsibleText } from "./collapsible-text";
import { diffPreviewLines } from "@/lib/traces/diff-view";
import { DiffTables, STEP_DIFF_LABELS } from "./diff-tables";
import { FoldedDiff } from "./folded-diff";
import { StepShell } from "./step-shell";

/** What each injected fault did, as the badge's tooltip (lib/workbench/tools/faults.ts). */
const FAULT_KIND_HELP = {
  transient: "The service answered 503 and the call did not run: the sandbox is unchanged, a retry works.",
  ambiguous: "The call ran (a write was applied) but the answer was a timeout: a blind retry of a write duplicates it.",
  malformed: "The call ran but its answer was cut short or empty.",
} as const;

/** A state change shown at once is cut to its first rows and short cells; the step opened whole shows all. */
const DIFF_CELL_PREVIEW_CHARS = 120;
const DIFF_PREVIEW_ROWS = 5;

const STATUS_BADGES = {
  ok: { tone: "good", label: "ok", title: "The tool ran and answered" },
  refused: { tone: "warn", label: "refused", title: "The tool refused the call by its answer (e.g. \"Email not found.\"): it ran but changed nothing" },
  failed: { tone: "bad", label: "failed", title: "The call raised: the original evaluator skips it" },
} as const;

function ToolStatusBadge({ status }: { status: ToolEvent["status"] }) {
  const badge = STATUS_BADGES[status];
  return (
    <Badge tone={badge.tone} title={badge.title} data-testid={`tool-${status}`}>
      {badge.label}
    </Badge>
  );
}

export function ToolStep({ event, openHref, divergent = false }: { event: ToolEvent; openHref?: string; divergent?: boolean }) {
  return (
    <StepShell
      divergent={divergent}
      index={event.index}
      kind="tool"
      tone={STATUS_BADGES[event.status].tone}
      title={event.tool}
      titleClassName="font-mono text-xs"
      meta={
        <>
          {event.diffSummary ? <span data-testid="tool-diff-summary">{event.diffSummary}</span> : null}
          {event.latencyMs !== null ? <span>{formatDuration(event.latencyMs)}</span> : null}
          {event.fault ? (
            <Badge tone="warn" data-testid="tool-fault" title={FAULT_KIND_HELP[event.fault.kind]}>
              injected fault: {event.fault.kind} (call {event.fault.ordinal + 1})
            </Badge>
          ) : null}
          <ToolStatusBadge status={event.status} />
        </>
      }
    >
      <code className="trace-code" data-testid="tool-call">
        {event.call}
      </code>
      {/* A call that ran shows its arguments in the call itself; a failed one also as the model sent them. */}
      {event.ok && event.call ? (
        <CollapsibleText text={event.observation} collapsed={event.observationCollapsed} label="Observation" fold={openHref ? { step: event.index, part: "observation" } : undefined} />
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          <div>
            <div className="trace-label">Arguments</div>
            <CollapsibleText text={event.argsText} collapsed={false} label="Arguments" />
          </div>
          <div>
            <div className="trace-label">Observation</div>
            <CollapsibleText text={event.observation} collapsed={event.observationCollapsed} label="Observation" fold={openHref ? { step: event.index, part: "observation" } : undefined} />
          </div>
        </div>
      )}
      {event.diff.length > 0 && openHref && !divergent ? (
        <FoldedDiff step={event.index} summary={event.diffSummary} preview={diffPreviewLines(event.diff)} rows={event.diff.reduce((sum, table) => sum + table.rows.length, 0)} />
      ) : event.diff.length > 0 ? (
        // The first divergent step shows its change at once (the divergence card links here); cut
        // to its first rows and short cells unless the step is opened whole.
        <div>
          <div className="trace-label">State change</div>
          <DiffTables tables={event.diff} labels={STEP_DIFF_LABELS} testId="step-diff" maxCellChars={DIFF_CELL_PREVIEW_CHARS} maxRows={DIFF_PREVIEW_ROWS} moreHref={openHref} />
        </div>
      ) : null}
    </StepShell>
  );
}
