import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { configKeyParam } from "@/lib/metrics/config-leaderboard";
import { formatPercent } from "@/lib/metrics/format";
import { robustnessBoard } from "@/lib/metrics/robustness-board";
import type { Interval } from "@/lib/metrics/wilson";
import { getConfigLeaderboard } from "@/lib/queries/config-leaderboard";

export const metadata: Metadata = { title: "Robustness under faults" };

function Figure({ value, interval, signed = false }: { value: number; interval: Interval | null; signed?: boolean }) {
  const text = (share: number) => `${signed && share > 0 ? "+" : ""}${formatPercent(share, 1)}`;
  return (
    <>
      {text(value)}
      {interval ? <span className="ml-1 text-xs text-muted">[{text(interval.low)}, {text(interval.high)}]</span> : null}
    </>
  );
}

/** Each configuration's clean accuracy beside its accuracy at every injected fault rate, and the drop. */
export default async function RobustnessBoardPage() {
  // Every configuration of every dataset, partial runs and test runs included: a sweep is often a sample.
  const { rows } = await getConfigLeaderboard({ includePartial: true, includeTests: true, sort: "label", direction: "asc" });
  const board = robustnessBoard(rows);
  return (
    <>
      <PageHeader
        title="Robustness under injected faults"
        description={
          <>
            Configurations run with tool faults injected (docs/robustness.md), beside the same configuration run clean. The drop is
            clean minus faulted accuracy with Newcombe&apos;s 95 % interval for two independent samples. Launch a grid of rates with a{" "}
            <Link href="/sweeps/new" className="text-accent">
              sweep
            </Link>
            .
          </>
        }
      />
      {board.length === 0 ? (
        <EmptyState title="No run with injected faults yet" testId="robustness-empty">
          Launch one with a fault rate above 0 (the New run form, or <code>npm run workbench -- sweep --agents oracle,oracle-retry --fault-rates 0,0.1,0.2 --limit 60</code>).
        </EmptyState>
      ) : (
        <Card>
          <CardHeader title="Accuracy: clean and under faults" />
          <Table data-testid="robustness-board">
            <TableHead>
              <tr>
                <TableHeaderCell>Configuration</TableHeaderCell>
                <TableHeaderCell numeric>Clean</TableHeaderCell>
                <TableHeaderCell numeric>Fault rate</TableHeaderCell>
                <TableHeaderCell numeric>Under faults</TableHeaderCell>
                <TableHeaderCell numeric>Drop</TableHeaderCell>
                <TableHeaderCell numeric>Side effects (clean → faults)</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {board.flatMap((row) =>
                row.faulted.map((cell, index) => (
                  <TableRow key={cell.key} data-testid="robustness-row" data-agent={row.agent} data-fault-rate={cell.faultRate}>
                    <TableCell>
                      {index === 0 ? (
                        <>
                          {row.label} <span className="text-xs text-muted">{row.agent} · {row.toolSet} tools</span>
                        </>
                      ) : null}
                    </TableCell>
                    <TableCell numeric>
                      {index === 0 && row.clean ? (
                        <Link href={`/leaderboard/configurations/${configKeyParam(row.clean.key)}`}>
                          <Figure value={row.clean.passAt1} interval={row.clean.passAt1Interval} />
                        </Link>
                      ) : index === 0 ? (
                        <span className="text-muted">no clean run</span>
                      ) : null}
                    </TableCell>
                    <TableCell numeric>{cell.faultRate}</TableCell>
                    <TableCell numeric data-testid="robustness-accuracy">
                      <Link href={`/leaderboard/configurations/${configKeyParam(cell.key)}`}>
                        <Figure value={cell.accuracy} interval={cell.accuracyInterval} />
                      </Link>
                    </TableCell>
                    <TableCell numeric data-testid="robustness-drop">
                      {cell.drop === null ? "—" : <Figure value={cell.drop} interval={cell.dropInterval} signed />}
                    </TableCell>
                    <TableCell numeric>
                      {row.clean ? `${formatPercent(row.clean.sideEffectRate, 1)} → ` : ""}
                      {formatPercent(cell.sideEffectRate, 1)}
                    </TableCell>
                  </TableRow>
                )),
              )}
            </TableBody>
          </Table>
        </Card>
      )}
    </>
  );
}
