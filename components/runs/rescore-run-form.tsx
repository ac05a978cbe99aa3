"use client";

import { useActionState } from "react";
import { rescoreRunAction, type RescoreState } from "@/app/runs/[id]/actions";
import { Button } from "@/components/ui/button";

/** Re-scores the finished run under another scoring revision of its protocol (no re-run). */
export function RescoreRunForm({ runId, current, revisions }: { runId: string; current: string | null; revisions: readonly { id: string; label: string }[] }) {
  const [state, formAction, pending] = useActionState<RescoreState, FormData>(rescoreRunAction, { status: "idle" });
  const other = revisions.find((revision) => revision.id !== current)?.id ?? revisions[0]?.id;
  return (
    <form action={formAction} className="flex items-center gap-2" data-testid="rescore-form">
      <input type="hidden" name="runId" value={runId} />
      <select
        name="revision"
        defaultValue={other}
        aria-label="Scoring revision"
        className="rounded-md border border-line bg-surface px-2 py-1 text-xs"
        data-testid="rescore-revision"
      >
        {revisions.map((revision) => (
          <option key={revision.id} value={revision.id}>
            {revision.label}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" size="sm" disabled={pending} data-testid="rescore-run">
        {pending ? "Re-scoring…" : "Re-score"}
      </Button>
      {state.status !== "idle" ? (
        <span className={state.status === "error" ? "text-xs text-bad" : "text-xs text-muted"} data-testid="rescore-message" role="status">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
