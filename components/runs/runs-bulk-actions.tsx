"use client";

import { startTransition, useActionState, useState } from "react";
import { manageRunsAction, type ManageRunsState } from "@/app/runs/manage-actions";
import { Button } from "@/components/ui/button";
import { ManageOutcome } from "./manage-form";

/** The runs the list's check boxes (RunSelectBox) select, read when an action is chosen. */
function selectedRuns(): { id: string; name: string }[] {
  // A box's accessible name is the run's name (the column header says "Select").
  return [...document.querySelectorAll<HTMLInputElement>("input[data-run-select]:checked")].map((box) => ({ id: box.value, name: box.getAttribute("aria-label") ?? box.value }));
}

/** A check box of the runs list (the bulk bar reads the checked ones: the run's id and, as the box's label, its name). */
export function RunSelectBox({ id, name }: { id: string; name: string }) {
  return <input type="checkbox" value={id} data-run-select aria-label={name} data-testid="run-select" />;
}

/** Bulk actions over the selected runs: tag, archive (or restore in the archived view), delete after a confirmation naming them. */
export function RunsBulkActions({ archivedView }: { archivedView: boolean }) {
  const [state, formAction, pending] = useActionState<ManageRunsState, FormData>(manageRunsAction, { status: "idle" });
  const [confirming, setConfirming] = useState<{ id: string; name: string }[] | null>(null);
  const [tags, setTags] = useState("");
  const submit = (op: string, runs: readonly { id: string }[], extra: Record<string, string> = {}) => {
    const form = new FormData();
    form.set("op", op);
    for (const run of runs) form.append("runId", run.id);
    for (const [key, value] of Object.entries(extra)) form.set(key, value);
    startTransition(() => formAction(form));
  };
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-line px-3 py-2 text-sm" data-testid="runs-bulk">
      <span className="text-muted">Selected runs:</span>
      <input
        value={tags}
        onChange={(event) => setTags(event.target.value)}
        placeholder="tags, comma-separated"
        aria-label="Tags to add to the selected runs"
        className="h-8 w-48 rounded-lg bg-surface px-2 ring-1 ring-inset ring-line"
        data-testid="bulk-tag-input"
      />
      <Button size="sm" variant="secondary" disabled={pending} onClick={() => submit("tag", selectedRuns(), { add: tags })} data-testid="bulk-tag">
        Tag
      </Button>
      <Button size="sm" variant="secondary" disabled={pending} onClick={() => submit(archivedView ? "restore" : "archive", selectedRuns())} data-testid={archivedView ? "bulk-restore" : "bulk-archive"}>
        {archivedView ? "Restore" : "Archive"}
      </Button>
      <Button size="sm" variant="danger" disabled={pending} onClick={() => setConfirming(selectedRuns())} data-testid="bulk-delete">
        Delete…
      </Button>
      {confirming ? (
        <span className="flex flex-wrap items-center gap-2" data-testid="bulk-delete-dialog">
          {confirming.length === 0 ? (
            <span className="text-bad">Select runs first.</span>
          ) : (
            <>
              <span data-testid="bulk-delete-summary">
                Delete {confirming.length} run{confirming.length === 1 ? "" : "s"} with their results and steps: {confirming.map((run) => run.name).join(", ")}?
              </span>
              <Button size="sm" variant="danger" disabled={pending} onClick={() => { submit("delete", confirming); setConfirming(null); }} data-testid="bulk-delete-confirm">
                Yes, delete
              </Button>
            </>
          )}
          <Button size="sm" variant="secondary" onClick={() => setConfirming(null)} data-testid="bulk-delete-keep">
            Keep
          </Button>
        </span>
      ) : null}
      <ManageOutcome state={state} />
    </div>
  );
}
