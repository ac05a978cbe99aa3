import { Suspense } from "react";
import type { Metadata } from "next";
import { z } from "zod";
import { Card } from "@/components/ui/card";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { AutoRefresh } from "@/components/runs/auto-refresh";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { RunsTable } from "@/components/runs/runs-table";
import { Pager } from "@/components/ui/pager";
import { isActiveStatus, listRuns, RUN_PAGE_SIZE } from "@/lib/queries/runs";

export const metadata: Metadata = { title: "Runs" };

const searchSchema = z.object({ page: z.coerce.number().int().min(0).catch(0) });

export default async function RunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const { page } = searchSchema.parse(await searchParams);
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
      <Suspense key={page} fallback={<PanelSkeleton rows={8} />}>
        <RunsPanel page={page} />
      </Suspense>
    </>
  );
}

async function RunsPanel({ page }: { page: number }) {
  const { total, runs } = await listRuns({ page });
  if (total === 0) {
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
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(total / RUN_PAGE_SIZE))}
        href={(target) => (target > 0 ? `/runs?page=${target}` : "/runs")}
        testId="runs-pager"
      />
    </Card>
  );
}
