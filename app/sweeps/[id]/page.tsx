import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AutoRefresh } from "@/components/runs/auto-refresh";
import { RunStatusBadge } from "@/components/runs/run-status-badge";
import { SweepCurveChart, type SweepChartRow } from "@/components/charts/sweep-curve-chart";
import { Card, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { formatPercent } from "@/lib/metrics/format";
import type { SweepCurve } from "@/lib/metrics/sweep-curves";
import { getSweep } from "@/lib/queries/sweeps";
import { isActiveStatus } from "@/lib/runs/run-outcome";
import type { RunStatus } from "@/lib/generated/prisma/enums";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const sweep = await getSweep({ id: (await params).id });
  return { title: sweep ? sweep.name : "Sweep not found" };
}

/** The chart's rows: one per fault rate, each curve's accuracy there. */
function chartRows(curves: readonly SweepCurve[]): SweepChartRow[] {
  const rates = [...new Set(curves.flatMap((curve) => curve.points.map((point) => point.faultRate)))].sort((a, b) => a - b);
  return rates.map((faultRate) => {
    const row: Record<string, number | null> = { faultRate };
    for (const curve of curves) row[curve.label] = curve.points.find((point) => point.faultRate === faultRate)?.accuracy ?? null;
    return row as SweepChartRow;
  });
}

export default async function SweepPage({ params }: Params) {
  const sweep = await getSweep({ id: (await params).id });
  if (!sweep) notFound();
  const active = sweep.runs.some((run) => isActiveStatus(run.status));
  const rates = [...new Set(sweep.runs.map((run) => run.faultRate))].sort((a, b) => a - b);
  const agents = new Set(sweep.runs.map((run) => (run.model ? `${run.agent} · ${run.model}` : run.agent))).size;
  const phrasings = [...new Set(sweep.runs.map((run) => run.phrasing ?? "original"))];
  const reworded = phrasings.length > 1 || phrasings[0] !== "original" ? ` × ${phrasings.length} phrasing${phrasings.length === 1 ? "" : "s"} (${phrasings.join(", ")})` : "";
  return (
    <>
      <AutoRefresh active={active} />
      <PageHeader
        eyebrow="sweep"
        title={<span data-testid="sweep-name">{sweep.name}</span>}
        description={`${sweep.runs.length} runs: ${agents} agent${agents === 1 ? "" : "s"} × ${rates.length} fault rate${rates.length === 1 ? "" : "s"} (${rates.join(", ")})${reworded}, the same tasks and fault seed.`}
      />
      <div className="space-y-6">
        <Card>
          <CardHeader title="Accuracy against injected fault rate" description="One line per agent; each point is one run (its 95 % Wilson interval in the table below)." />
          <div className="p-4">
            <SweepCurveChart rows={chartRows(sweep.curves)} series={sweep.curves.map((curve) => curve.label)} />
          </div>
        </Card>
        <Card>
          <CardHeader title="Runs" />
          <Table>
            <TableHead>
              <tr>
                <TableHeaderCell>Agent</TableHeaderCell>
                <TableHeaderCell numeric>Fault rate</TableHeaderCell>
                <TableHeaderCell numeric>Accuracy (95 % CI)</TableHeaderCell>
                <TableHeaderCell numeric>Side effects</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {sweep.curves.flatMap((curve) =>
                curve.points.map((point) => {
                  const run = sweep.runs.find((candidate) => candidate.id === point.runId);
                  return (
                    <TableRow key={point.runId} data-testid="sweep-run" data-fault-rate={point.faultRate}>
                      <TableCell>
                        <Link href={`/runs/${point.runId}`} className="text-accent hover:underline">
                          {curve.label}
                        </Link>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{point.faultRate}</TableCell>
                      <TableCell className="text-right tabular-nums" data-testid="sweep-accuracy">
                        {point.accuracy === null ? "—" : formatPercent(point.accuracy, 1)}
                        {point.interval ? (
                          <span className="ml-1 text-xs text-muted">
                            {formatPercent(point.interval.low, 0)}–{formatPercent(point.interval.high, 0)}
                          </span>
                        ) : null}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{point.sideEffectRate === null ? "—" : formatPercent(point.sideEffectRate, 1)}</TableCell>
                      <TableCell>{run ? <RunStatusBadge status={run.status as RunStatus} outcome={{ source: "launched", done: run.scored, providerFailures: 0 }} /> : null}</TableCell>
                    </TableRow>
                  );
                }),
              )}
            </TableBody>
          </Table>
        </Card>
      </div>
    </>
  );
}
