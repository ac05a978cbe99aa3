import { Card, CardHeader } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { formatP, mcnemarVerdict } from "@/lib/metrics/mcnemar";
import type { DomainDelta } from "@/lib/metrics/paired-comparison";
import { formatPercent } from "@/lib/metrics/format";
import type { Interval } from "@/lib/metrics/wilson";

const signed = (value: number, digits = 1) => `${value > 0 ? "+" : value < 0 ? "−" : "±"}${formatPercent(Math.abs(value), digits)}`;
const signedInterval = (interval: Interval | null) => (interval ? `${signed(interval.low)} … ${signed(interval.high)}` : "—");

/** Whether B differs from A beyond noise (exact McNemar), overall and per domain, with paired CIs. */
export function CompareSignificance({ deltas, names }: { deltas: { domains: readonly DomainDelta[]; overall: DomainDelta }; names: { a: string; b: string } }) {
  const { overall } = deltas;
  const verdict = mcnemarVerdict(overall, names);
  return (
    <Card data-testid="compare-significance">
      <CardHeader
        title="Is the difference more than noise?"
        description="Exact McNemar test on the paired verdicts (only the tasks one run got right and the other wrong count); 95 % Newcombe intervals for B − A."
      />
      <p className={`px-5 pt-4 text-sm font-medium ${verdict.significant ? "text-ink" : "text-muted"}`} data-testid="mcnemar-sentence">
        {verdict.sentence}
      </p>
      <p className="px-5 pb-2 text-xs text-muted tabular-nums" data-testid="mcnemar-p" data-p={overall.pValue}>
        {formatP(overall.pValue)} · {overall.onlyA} right only in A, {overall.onlyB} right only in B · B − A {signed(overall.delta)} ({signedInterval(overall.interval)})
      </p>
      <Table data-testid="domain-deltas">
        <TableHead>
          <tr>
            <TableHeaderCell>Domain</TableHeaderCell>
            <TableHeaderCell numeric>Tasks</TableHeaderCell>
            <TableHeaderCell numeric>A</TableHeaderCell>
            <TableHeaderCell numeric>B</TableHeaderCell>
            <TableHeaderCell numeric>B − A</TableHeaderCell>
            <TableHeaderCell numeric>95 % CI</TableHeaderCell>
            <TableHeaderCell numeric>p</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {[...deltas.domains, overall].map((row) => (
            <TableRow key={row.domain} data-testid="domain-delta-row" data-domain={row.domain} className={row.domain === "all" ? "font-semibold" : undefined}>
              <TableCell>{row.domain}</TableCell>
              <TableCell className="text-right tabular-nums">{row.shared}</TableCell>
              <TableCell className="text-right tabular-nums">{formatPercent(row.accuracyA, 1)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatPercent(row.accuracyB, 1)}</TableCell>
              <TableCell className={`text-right tabular-nums ${row.pValue < 0.05 ? (row.delta > 0 ? "text-good" : "text-bad") : ""}`}>{signed(row.delta)}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{signedInterval(row.interval)}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{formatP(row.pValue).replace("p = ", "").replace("p ", "")}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
