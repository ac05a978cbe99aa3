import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { RunLabels } from "@/components/runs/run-labels";
import { formatPercent } from "@/lib/metrics/format";
import { formatP } from "@/lib/metrics/mcnemar";
import type { Rate } from "@/lib/metrics/robustness";
import type { RobustnessBoardRow } from "@/lib/metrics/robustness-board";
import type { Interval } from "@/lib/metrics/wilson";
import { getRobustnessBoard } from "@/lib/queries/robustness-board";

export const metadata: Metadata = { title: "Robustness under faults" };

const percent = (share: number | null) => (share === null ? "—" : formatPercent(share, 1));
const signed = (share: number) => `${share > 0 ? "+" : ""}${formatPercent(share, 1)}`;

function Difference({ value, interval }: { value: number | null; interval: Interval | null }) {
  if (value === null) return <span className="text-muted">—</span>;
  return (
    <>
      {signed(value)}
      {interval ? <span className="ml-1 text-xs text-muted">[{signed(interval.low)}, {signed(interval.high)}]</span> : null}
    </>
  );
}

function Measure({ name, rate }: { name: string; rate: Rate }) {
  return (
    <div className="whitespace-nowrap" title={`${rate.count} of ${rate.of}`}>
      <span className="text-muted">{name}</span> {percent(rate.rate)} <span className="text-xs text-muted">({rate.count}/{rate.of})</span>
    </div>
  );
}

/** Which faulted runs were paired with which clean run, each named and linked. */
function Pairings({ row }: { row: RobustnessBoardRow }) {
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-muted">
      {row.runs.map((pairing) => (
        <li key={pairing.faulted.id} data-testid="robustness-pairing">
          <Link href={`/runs/${pairing.faulted.id}`} className="text-accent">{pairing.faulted.name}</Link>
          {pairing.clean ? (
            <>
              {" "}with clean <Link href={`/runs/${pairing.clean.id}`} className="text-accent">{pairing.clean.name}</Link>: {pairing.pairs} of {pairing.results} results paired
            </>
          ) : (
            <span className="text-warn"> — no clean run of this configuration scored these tasks</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Each configuration's faulted runs against its clean runs on the same tasks and trials, with robustness measures pooled. */
export default async function RobustnessBoardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const includeTests = (await searchParams).tests === "1";
  const board = await getRobustnessBoard({ includeTests });
  return (
    <>
      <PageHeader
        title="Robustness under injected faults"
        description={
          <>
            Each configuration&apos;s faulted runs against its clean runs on the same tasks and trials (docs/robustness.md): a faulted run is
            paired with the clean run of its sweep, or else the clean run sharing the most of its tasks. On the pairs, the difference is
            faulted minus clean accuracy with Newcombe&apos;s 95 % interval for paired proportions; the discordant pairs are the tasks only
            one side got right. Launch a grid of rates with a{" "}
            <Link href="/sweeps/new" className="text-accent">
              sweep
            </Link>{" "}
            (it includes a clean run per agent).
          </>
        }
      />
      <form method="get" action="/leaderboard/robustness" className="mb-4 flex items-center gap-3" data-testid="robustness-filters">
        <label className="flex items-center gap-1.5 text-sm text-ink" title="Runs on the mock endpoint or a test endpoint, or marked as tests: off the board unless ticked">
          <input type="checkbox" name="tests" value="1" defaultChecked={includeTests} className="accent-accent" data-testid="filter-tests" />
          Include test runs
        </label>
        <button type="submit" className="rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-white" data-testid="filter-apply">
          Apply
        </button>
      </form>
      {board.length === 0 ? (
        <EmptyState title="No run with injected faults yet" testId="robustness-empty">
          Launch one with a fault rate above 0 (the New run form, or <code>npm run workbench -- sweep --agents oracle,oracle-retry --fault-rates 0.1,0.2 --limit 60</code>).
          {includeTests ? null : " Test runs are left out unless the filter above includes them."}
        </EmptyState>
      ) : (
        // Wider than the page's column on large screens, as the leaderboard: every column shows at 1,440 px.
        <Card className="xl:relative xl:left-1/2 xl:w-[calc(100vw-3rem)] xl:max-w-[1600px] xl:-translate-x-1/2">
          <CardHeader title="Faulted against clean, paired by task and trial" />
          <Table data-testid="robustness-board">
            <TableHead>
              <tr>
                <TableHeaderCell>Configuration and runs</TableHeaderCell>
                <TableHeaderCell numeric>Fault rate</TableHeaderCell>
                <TableHeaderCell numeric>Pairs</TableHeaderCell>
                <TableHeaderCell numeric>Clean → faulted</TableHeaderCell>
                <TableHeaderCell numeric>Faulted − clean [95 % CI]</TableHeaderCell>
                <TableHeaderCell numeric>Discordant pairs</TableHeaderCell>
                <TableHeaderCell numeric>Side effects</TableHeaderCell>
                <TableHeaderCell>Under faults (pooled)</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {board.flatMap((row) => [
                <TableRow
                  key={`${row.configuration}-${row.faultRate}`}
                  data-testid="robustness-row"
                  data-agent={row.agent}
                  data-fault-rate={row.faultRate}
                  data-pairs={row.pairs}
                  data-only-clean={row.onlyA}
                  data-only-faulted={row.onlyB}
                >
                  <TableCell className="max-w-md align-top">
                    <div>
                      {row.label} <span className="text-xs text-muted">{row.agent} · {row.toolSet} tools · {row.dataset} · {row.groundTruth} · protocol {row.protocol}</span> <RunLabels test={row.test} />
                    </div>
                    <Pairings row={row} />
                  </TableCell>
                  <TableCell numeric className="align-top">{row.faultRate}</TableCell>
                  <TableCell numeric className="align-top" data-testid="robustness-pairs">
                    {row.pairs}
                  </TableCell>
                  <TableCell numeric className="align-top whitespace-nowrap" data-testid="robustness-accuracy">
                    {percent(row.cleanAccuracy)} → {percent(row.faultedAccuracy)}
                  </TableCell>
                  <TableCell numeric className="align-top whitespace-nowrap" data-testid="robustness-difference">
                    <Difference value={row.difference} interval={row.differenceInterval} />
                  </TableCell>
                  <TableCell numeric className="align-top" data-testid="robustness-discordant">
                    {row.pairs === 0 ? (
                      <span className="text-muted">—</span>
                    ) : (
                      <>
                        <div className="whitespace-nowrap" title="Pairs right clean and wrong under faults">{row.onlyA} lost under faults</div>
                        <div className="whitespace-nowrap" title="Pairs wrong clean and right under faults">{row.onlyB} gained under faults</div>
                        <div className="text-xs text-muted">exact McNemar {formatP(row.pValue)}</div>
                      </>
                    )}
                  </TableCell>
                  <TableCell numeric className="align-top whitespace-nowrap">
                    {percent(row.cleanSideEffects)} → {percent(row.faultedSideEffects)}
                  </TableCell>
                  <TableCell className="align-top text-sm" data-testid="robustness-measures">
                    <Measure name="recovery" rate={row.measures.recovery} />
                    <Measure name="blind retry" rate={row.measures.blindRetry} />
                    <Measure name="give-up" rate={row.measures.giveUp} />
                  </TableCell>
                </TableRow>,
                ...row.counterparts.map((counterpart) => (
                  <TableRow key={`${counterpart.runId}-counterpart`} data-testid="robustness-counterpart">
                    <TableCell colSpan={8} className="text-xs text-muted">
                      No clean run covers{" "}
                      <Link href={`/runs/${counterpart.runId}`} className="text-accent">
                        {row.runs.find((pairing) => pairing.faulted.id === counterpart.runId)?.faulted.name}
                      </Link>
                      &apos;s tasks. Its clean counterpart (same tasks, trials and settings, fault rate 0):{" "}
                      <code className="break-all rounded bg-canvas px-1 font-mono text-ink">{counterpart.command}</code>
                    </TableCell>
                  </TableRow>
                )),
              ])}
            </TableBody>
          </Table>
        </Card>
      )}
    </>
  );
}
