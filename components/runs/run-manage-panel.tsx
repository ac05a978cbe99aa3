"use client";

import { useState } from "react";
import { runFootprintAction } from "@/app/runs/manage-actions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ManageForm } from "./manage-form";

const inputClass = "h-8 rounded-lg bg-surface px-2 text-sm ring-1 ring-inset ring-line focus:outline-2 focus:outline-accent";

export interface ManagedRun {
  readonly id: string;
  readonly name: string;
  readonly note: string | null;
  readonly tags: readonly string[];
  readonly archived: boolean;
  readonly test: boolean;
  /** Still going (queued, running, cancelling): it cannot be deleted before it is cancelled. */
  readonly active: boolean;
}

/** What a delete takes with it: counted when asked ("unknown" if the count failed). */
type Footprint = { readonly results: number; readonly steps: number } | "unknown";

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** The run page's management card: rename, note, tags, archive/restore, test mark, delete (after a confirmation naming what goes). */
export function RunManagePanel({ run }: { run: ManagedRun }) {
  return (
    <Card data-testid="run-manage">
      <CardHeader title="Manage" description="Name, note and tags; archived runs leave every board, picker and count until restored." />
      <div className="space-y-3 px-4 pb-4 text-sm">
        <ManageForm op="rename" runIds={[run.id]} testId="run-rename-form">
          {(pending) => (
            <>
              <input name="name" defaultValue={run.name} aria-label="Run name" className={`${inputClass} w-96 max-w-full`} data-testid="run-rename-input" />
              <Button type="submit" variant="secondary" size="sm" disabled={pending} data-testid="run-rename-submit">Rename</Button>
            </>
          )}
        </ManageForm>
        <ManageForm op="note" runIds={[run.id]} className="flex flex-wrap items-start gap-2" testId="run-note-form">
          {(pending) => (
            <>
              <textarea name="note" defaultValue={run.note ?? ""} aria-label="Note" rows={2} placeholder="A note about this run" className={`${inputClass} h-auto w-96 max-w-full py-1`} data-testid="run-note-input" />
              <Button type="submit" variant="secondary" size="sm" disabled={pending} data-testid="run-note-submit">Save note</Button>
            </>
          )}
        </ManageForm>
        <div className="flex flex-wrap items-center gap-2" data-testid="run-tags">
          {run.tags.map((tag) => (
            <ManageForm key={tag} op="tag" runIds={[run.id]} className="inline-flex items-center">
              {(pending) => (
                <Badge tone="accent" data-testid="run-tag">
                  {tag}
                  <input type="hidden" name="remove" value={tag} />
                  <button type="submit" disabled={pending} className="ml-1 text-muted hover:text-ink" aria-label={`Remove tag ${tag}`}>×</button>
                </Badge>
              )}
            </ManageForm>
          ))}
          <ManageForm op="tag" runIds={[run.id]} testId="run-tag-form">
            {(pending) => (
              <>
                <input name="add" aria-label="Tags to add" placeholder="tags, comma-separated" className={`${inputClass} w-56`} data-testid="run-tag-input" />
                <Button type="submit" variant="secondary" size="sm" disabled={pending} data-testid="run-tag-submit">Add tags</Button>
              </>
            )}
          </ManageForm>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {run.archived ? <OneClick runId={run.id} op="restore" label="Restore" testId="run-restore" /> : <OneClick runId={run.id} op="archive" label="Archive" testId="run-archive" />}
          {run.test ? (
            <OneClick runId={run.id} op="untest" label="Not a test run" testId="run-unmark-test" />
          ) : (
            <OneClick runId={run.id} op="test" label="Mark as test run" testId="run-mark-test" />
          )}
          <DeleteRun run={run} />
        </div>
      </div>
    </Card>
  );
}

/** A change made by one button (archive, restore, test mark). */
function OneClick({ runId, op, label, testId }: { runId: string; op: "archive" | "restore" | "test" | "untest"; label: string; testId: string }) {
  return (
    <ManageForm op={op} runIds={[runId]}>
      {(pending) => (
        <Button type="submit" variant="secondary" size="sm" disabled={pending} data-testid={testId}>
          {label}
        </Button>
      )}
    </ManageForm>
  );
}

function DeleteRun({ run }: { run: ManagedRun }) {
  const [confirming, setConfirming] = useState(false);
  const [footprint, setFootprint] = useState<Footprint | null>(null);
  const ask = () => {
    setConfirming(true);
    setFootprint(null);
    runFootprintAction(run.id).then((counted) => setFootprint(counted ?? "unknown"), () => setFootprint("unknown"));
  };
  if (run.active) {
    return (
      <Button type="button" variant="danger" size="sm" disabled title="Cancel the run first, then delete it" data-testid="run-delete">
        Delete
      </Button>
    );
  }
  if (!confirming) {
    return (
      <Button type="button" variant="danger" size="sm" onClick={ask} data-testid="run-delete">
        Delete…
      </Button>
    );
  }
  return (
    <ManageForm op="delete" runIds={[run.id]} redirectTo="/runs" testId="run-delete-dialog" className="flex flex-wrap items-center gap-2 rounded-lg bg-bad/5 p-2 ring-1 ring-bad/30">
      {(pending) => (
        <>
          <span data-testid="run-delete-summary">
            Delete run <strong>{run.name}</strong>{" "}
            {footprint === null
              ? "(counting its results and steps…)"
              : footprint === "unknown"
                ? "with all its results and steps"
                : `with its ${plural(footprint.results, "result")} and ${plural(footprint.steps, "step")}`}
            ? This cannot be undone.
          </span>
          {/* Confirmed only once the reader has seen what goes. */}
          <Button type="submit" variant="danger" size="sm" disabled={pending || footprint === null} data-testid="run-delete-confirm" autoFocus>
            {pending ? "Deleting…" : "Yes, delete"}
          </Button>
          <Button type="button" variant="secondary" size="sm" disabled={pending} onClick={() => setConfirming(false)} data-testid="run-delete-keep">
            Keep it
          </Button>
        </>
      )}
    </ManageForm>
  );
}
