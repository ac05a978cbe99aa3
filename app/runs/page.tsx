import { Suspense } from "react";
import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { AutoRefresh } from "@/components/runs/auto-refresh";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { RunsTable } from "@/components/runs/runs-table";
import { isActiveStatus, listRuns } from "@/lib/queries/runs";

export const metadata: Metadata = { title: "Runs" };

export default function RunsPage() {
  return (
    <>
      <PageHeader
        title="Runs"
        description="Launched agent runs and imported recorded results. Running runs update live."
        actions={
          <>
            <ButtonLink href="/runs/compare" variant="secondary">
              Compare runs
            </ButtonLink>
            <ButtonLink href="/runs/new" data-testid="new-run-link">
              New run
            </ButtonLink>
          </>
        }
      />
      <Suspense fallback={<PanelSkeleton rows={8} />}>
        <RunsPanel />
      </Suspense>
    </>
  );
}

async function RunsPanel() {
  const runs = await listRuns();
  if (runs.length === 0) {
    return (
      <EmptyState title="No runs yet" testId="runs-empty" action={<ButtonLink href="/runs/new">Launch a run</ButtonLink>}>
        Launch an agent run, or import the paper&apos;s recorded results with{" "}
        <code>npm run workbench -- import-results</code>.
      </EmptyState>
    );
  }
  return (
    <Card>
      <AutoRefresh active={runs.some((run) => isActiveStatus(run.status))} />
      <RunsTable runs={runs} />
    </Card>
  );
}
