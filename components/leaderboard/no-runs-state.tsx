import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { BoardDataset } from "@/lib/datasets/board-dataset";
import { importOfficialCommand, oracleRunCommand } from "@/lib/datasets/hints";

/** A dataset's tab label on the boards. */
export function datasetTabLabel(dataset: Pick<BoardDataset, "slug" | "name" | "kind">): string {
  return dataset.kind === "generated" ? `${dataset.slug} (generated)` : `${dataset.name} (official)`;
}

/**
 * A board of a dataset that has no runs yet: what gives it some, for that dataset. The official one
 * has the paper's recorded results (imported from the folder it came from); a generated workplace has
 * none, but the oracle agent needs no key.
 */
export function NoRunsState({ dataset, testId = "leaderboard-empty" }: { dataset: BoardDataset; testId?: string }) {
  const launch = <ButtonLink href="/runs/new">Launch a run</ButtonLink>;
  if (dataset.kind === "official") {
    return (
      <EmptyState title={`No runs on ${dataset.name} yet`} testId={testId} action={launch}>
        Import the paper&apos;s recorded results (they come with the official files) with{" "}
        <code data-testid="empty-hint">{importOfficialCommand(dataset.source)}</code>, or launch a run.
      </EmptyState>
    );
  }
  return (
    <EmptyState title={`No runs on ${dataset.slug} yet`} testId={testId} action={launch}>
      Launch a run on this generated workplace (choose it as the dataset), or score the oracle agent, which needs no key:{" "}
      <code data-testid="empty-hint">{oracleRunCommand(dataset.slug)}</code>.
    </EmptyState>
  );
}
