import { format } from "date-fns";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { FETCH_AND_IMPORT, GENERATE_COMMAND } from "@/lib/datasets/hints";
import { formatCount } from "@/lib/metrics/format";
import { listDatasets, type DatasetSummary } from "@/lib/queries/datasets";
import { KNOB_ORDER } from "@/lib/workbench/generate/params";

const DOMAIN_LABELS: Record<string, string> = {
  analytics: "Analytics",
  calendar: "Calendar",
  customer_relationship_manager: "CRM",
  email: "Email",
  project_management: "Project management",
  multi_domain: "Multi-domain",
};

export default async function HomePage() {
  const datasets = await listDatasets();
  return (
    <>
      <PageHeader
        title="Datasets"
        description={`WorkBench: workplace tasks over a sandbox of five tables, scored by the outcome they leave in the sandbox.${datasets.length ? ` ${datasets.map((dataset) => `${dataset.kind === "generated" ? dataset.slug : dataset.name}: ${formatCount(datasetTasks(dataset), "task")}`).join(" · ")}.` : ""}`}
        actions={datasets.length ? <ButtonLink href="/runs/new">New run</ButtonLink> : null}
      />
      {datasets.length === 0 ? <NoDataset /> : datasets.map((dataset) => <DatasetCard key={dataset.slug} dataset={dataset} />)}
    </>
  );
}

function NoDataset() {
  return (
    <EmptyState testId="datasets-empty" title="No dataset imported yet">
      <p>Download the official WorkBench files (with the paper&apos;s recorded results) and import them with</p>
      <pre className="mt-2 rounded-md bg-canvas px-3 py-2 text-left text-ink" data-testid="datasets-empty-hint">{FETCH_AND_IMPORT}</pre>
      <p className="mt-2">
        or, with a copy at hand, start the studio with <code>WORKBENCH_DATA_DIR</code> set to its folder to import it automatically.
        Offline? <code>{GENERATE_COMMAND}</code> generates a workplace.
      </p>
    </EmptyState>
  );
}

/** A dataset's tasks: its largest ground truth (the official v1 and v2026 both have 690). */
function datasetTasks(dataset: DatasetSummary): number {
  return Math.max(0, ...dataset.versions.map((version) => version.taskCount));
}

/** Seed and generation parameters: runs compare only with runs on the same generated dataset. */
function GeneratedParams({ seed, params }: { seed: number | null; params: Record<string, unknown> | null }) {
  const knobs = ["scale", "preset", "tasksPerTemplate", ...KNOB_ORDER];
  const shown = knobs.filter((knob) => params && params[knob] !== undefined && params[knob] !== null).map((knob) => `${knob} ${String(params?.[knob])}`);
  return (
    <span className="block" data-testid="generated-params">
      Generated · seed {seed ?? "?"} · {shown.join(" · ")}
    </span>
  );
}

function DatasetCard({ dataset }: { dataset: DatasetSummary }) {
  const domains = dataset.versions[0]?.domains.map((entry) => entry.domain) ?? [];
  return (
    <Card data-testid={`dataset-${dataset.slug}`} className="mb-6">
      <CardHeader
        title={dataset.name}
        description={
          <>
            Imported {format(dataset.importedAt, "yyyy-MM-dd HH:mm")} from <code>{dataset.source}</code>
            {dataset.license ? <> · {dataset.license}</> : null}
            {dataset.kind === "generated" ? <GeneratedParams seed={dataset.seed} params={dataset.params} /> : null}
          </>
        }
        actions={
          <>
            {dataset.kind === "generated" ? <Badge>generated</Badge> : null}
            <Badge tone="accent" data-testid="dataset-runs">
              {formatCount(dataset.runCount, "run")}
            </Badge>
          </>
        }
      />
      <CardBody className="p-0">
        <Table>
          <TableHead>
            <tr>
              <TableHeaderCell>Ground truth</TableHeaderCell>
              {domains.map((domain) => (
                <TableHeaderCell key={domain} numeric>
                  {DOMAIN_LABELS[domain] ?? domain}
                </TableHeaderCell>
              ))}
              <TableHeaderCell numeric>Tasks</TableHeaderCell>
              <TableHeaderCell numeric>Runs</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {dataset.versions.map((version) => (
              <TableRow key={version.name} data-testid={`version-${version.name}`}>
                <TableCell>
                  <div className="font-medium">{version.name}</div>
                  <div className="text-xs text-muted" title={version.contentHash}>
                    {version.contentHash.slice(0, 12)} · {format(version.importedAt, "yyyy-MM-dd")}
                  </div>
                </TableCell>
                {domains.map((domain) => (
                  <TableCell key={domain} numeric>
                    {version.domains.find((entry) => entry.domain === domain)?.tasks ?? 0}
                  </TableCell>
                ))}
                <TableCell numeric className="font-semibold" data-testid={`version-${version.name}-tasks`}>
                  {version.taskCount}
                </TableCell>
                <TableCell numeric>{version.runCount}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardBody>
    </Card>
  );
}
