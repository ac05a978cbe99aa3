import { Badge } from "@/components/ui/badge";
import { ErrorReasonBadge } from "./error-reason";

/** Correct / wrong, side effects, exact match and error badges of one result. */
export function VerdictBadges({
  correct,
  sideEffects,
  exactMatch,
  error,
  pending = false,
  skipped = false,
}: {
  correct: boolean | null;
  sideEffects: boolean | null;
  exactMatch?: boolean | null;
  error: string | null;
  pending?: boolean;
  /** Never run: its run was cancelled or reached its budget first. */
  skipped?: boolean;
}) {
  if (skipped) return <Badge tone="warn" title="Not run: the run was cancelled or reached its budget before this task started" data-testid="verdict-skipped">skipped</Badge>;
  if (pending) return <Badge data-testid="verdict-pending">pending</Badge>;
  return (
    <div className="flex flex-wrap items-start gap-1">
      {correct ? (
        <Badge tone="good" data-testid="verdict-correct">
          correct
        </Badge>
      ) : (
        <Badge tone="bad" data-testid="verdict-wrong">
          wrong
        </Badge>
      )}
      {sideEffects ? (
        <Badge tone="warn" data-testid="verdict-side-effects">
          side effects
        </Badge>
      ) : null}
      {exactMatch ? <Badge data-testid="verdict-exact">exact</Badge> : null}
      {error ? <ErrorReasonBadge error={error} /> : null}
    </div>
  );
}

/** A stored result's row as the badges read it: its status says whether it is pending or was skipped. */
export interface ResultVerdict {
  readonly status: string;
  readonly correct: boolean | null;
  readonly sideEffects: boolean | null;
  readonly exactMatch: boolean | null;
  readonly error: string | null;
}

/** The verdict badges of a stored result (a run's results table, a result's page). */
export function ResultVerdictBadges({ result }: { result: ResultVerdict }) {
  return (
    <VerdictBadges
      pending={result.status !== "done"}
      skipped={result.status === "skipped"}
      correct={result.correct}
      sideEffects={result.sideEffects}
      exactMatch={result.exactMatch}
      error={result.error}
    />
  );
}
