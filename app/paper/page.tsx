import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { numberNotes } from "@/components/paper/paper-cell";
import { Figure4, Figure7 } from "@/components/paper/paper-figures";
import { Figure6, Table5, Table6, Table7 } from "@/components/paper/paper-tables";
import { paperImportCommands } from "@/lib/datasets/paper-import-commands";
import { env } from "@/lib/env";
import { prisma } from "@/lib/db";
import { paperCells } from "@/lib/metrics/paper-report";
import { readPaperReport } from "@/lib/queries/paper";

export const metadata: Metadata = { title: "Reproduce the paper" };
export const dynamic = "force-dynamic";

/** The paper's tables and figures from its recorded runs as imported, each cell against the printed value. */
export default async function PaperPage() {
  const report = await readPaperReport(prisma);
  const index = numberNotes(paperCells(report));
  const missing = report.runs.length === 0;
  return (
    <>
      <PageHeader
        title="Reproduce the paper"
        description={
          <>
            WorkBench (Styles et al., 2024): Tables 5, 6, 7 and Figures 4, 6, 7 rebuilt from the paper&apos;s recorded agent runs as imported and scored
            by Studio&apos;s v1 scorer, which reproduces the original evaluator. Each figure shows Studio&apos;s value, the paper&apos;s and the
            difference; a numbered note says why wherever they differ beyond rounding.
          </>
        }
        actions={
          <ButtonLink href="/api/paper" variant="secondary" size="sm" data-testid="paper-json-link">
            JSON
          </ButtonLink>
        }
      />
      <div className="space-y-6">
        {missing ? <MissingRuns datasetImported={report.datasetImported} /> : <PaperRuns runs={report.runs} />}
        {missing ? null : (
          <>
            <Table5 report={report} index={index} />
            <Table6 report={report} index={index} />
            <Table7 report={report} index={index} />
          </>
        )}
        {report.datasetImported ? <Figure4 report={report} index={index} /> : null}
        {missing ? null : (
          <>
            <Figure6 report={report} index={index} />
            <Figure7 report={report} index={index} />
          </>
        )}
      </div>
    </>
  );
}

function MissingRuns({ datasetImported }: { datasetImported: boolean }) {
  const commands = paperImportCommands({ configuredDataDir: env().WORKBENCH_DATA_DIR, datasetImported });
  return (
    <EmptyState title="The paper's recorded runs are not imported" testId="paper-missing">
      <p>Run these from the repository root, then reload this page (each is a no-op when already done):</p>
      <pre className="mt-3 overflow-x-auto rounded-lg bg-canvas px-4 py-3 text-left font-mono text-xs text-ink" data-testid="paper-import-commands">
        {commands.join("\n")}
      </pre>
    </EmptyState>
  );
}

function PaperRuns({ runs }: { runs: readonly { runId: string; name: string; tasks: number; correct: number }[] }) {
  return (
    <Card>
      <CardHeader title={`The paper's recorded runs (${runs.length})`} description="Imported with `workbench import-results`; GPT-3.5 and Llama2-70B have no all-tools run (the context window)." />
      <ul className="flex flex-wrap gap-x-5 gap-y-1 px-5 py-3 text-sm" data-testid="paper-runs">
        {runs.map((run) => (
          <li key={run.runId}>
            <Link href={`/runs/${run.runId}`} className="text-accent">
              {run.name}
            </Link>{" "}
            <span className="tabular-nums text-muted">
              {run.correct}/{run.tasks}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
