import type { ReactNode } from "react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import type { Agreement } from "@/lib/metrics/agreement";
import type { DomainDelta } from "@/lib/metrics/paired-comparison";
import { CompareSignificance } from "./compare-significance";
import { formatPercent } from "@/lib/metrics/format";

interface RunRef {
  readonly id: string;
  readonly name: string;
}

type Comparison = Agreement & {
  readonly flippedTotal: number;
  readonly deltas: { readonly domains: readonly DomainDelta[]; readonly overall: DomainDelta };
};

/**
 * The 2×2 agreement matrix of two runs, whether they differ beyond noise, and one page of the flipped
 * tasks (regressions first).
 */
export function CompareView({ a, b, agreement, pager }: { a: RunRef; b: RunRef; agreement: Comparison; pager?: ReactNode }) {
  const cell = (value: number, testId: string) => (
    <td className="px-4 py-3 text-center text-lg font-semibold tabular-nums" data-testid={testId}>
      {value}
      <div className="text-xs font-normal text-muted">{formatPercent(agreement.shared ? value / agreement.shared : 0, 1)}</div>
    </td>
  );
  return (
    <div className="space-y-6">
      <Card data-testid="agreement-matrix">
        <CardHeader
          title="Agreement"
          description={`${agreement.shared} tasks scored by both (matched by task key and identical text, trial 0); same verdict on ${formatPercent(agreement.agreementRate, 1)}.`}
        />
        <table className="mx-auto my-4 border-collapse text-sm">
          <thead>
            <tr>
              <th />
              <th className="px-4 py-2 text-xs font-medium text-muted">B correct</th>
              <th className="px-4 py-2 text-xs font-medium text-muted">B wrong</th>
            </tr>
          </thead>
          <tbody className="[&_td]:border [&_td]:border-line">
            <tr>
              <th className="px-4 py-2 text-right text-xs font-medium text-muted">A correct</th>
              {cell(agreement.bothCorrect, "both-correct")}
              {cell(agreement.onlyA, "only-a")}
            </tr>
            <tr>
              <th className="px-4 py-2 text-right text-xs font-medium text-muted">A wrong</th>
              {cell(agreement.onlyB, "only-b")}
              {cell(agreement.bothWrong, "both-wrong")}
            </tr>
          </tbody>
        </table>
        <p className="px-5 pb-4 text-xs text-muted">
          A = <Link className="text-ink hover:text-accent" href={`/runs/${a.id}`}>{a.name}</Link> · B ={" "}
          <Link className="text-ink hover:text-accent" href={`/runs/${b.id}`}>{b.name}</Link>
        </p>
      </Card>
      <CompareSignificance deltas={agreement.deltas} names={{ a: a.name, b: b.name }} />
      <Card>
        <CardHeader
          title="Flipped tasks"
          description={`${agreement.flippedTotal} tasks right in exactly one run: ${agreement.onlyA} regressions (right in A, wrong in B) first, then ${agreement.onlyB} improvements.`}
        />
        <Table data-testid="flipped-table">
          <TableHead>
            <tr>
              <TableHeaderCell>Task</TableHeaderCell>
              <TableHeaderCell>Domain</TableHeaderCell>
              <TableHeaderCell>Right in</TableHeaderCell>
              <TableHeaderCell>Traces</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {agreement.flipped.map((pair) => (
              <TableRow key={pair.key} data-testid="flipped-row" data-kind={pair.a.correct ? "regression" : "improvement"}>
                <TableCell className="max-w-xl truncate" title={pair.text}>
                  <span className="mr-2 font-mono text-xs text-muted">{pair.key}</span>
                  {pair.text}
                </TableCell>
                <TableCell>
                  <Badge>{pair.domain}</Badge>
                </TableCell>
                <TableCell>{pair.a.correct ? <Badge tone="bad">A (regression)</Badge> : <Badge tone="good">B (improvement)</Badge>}</TableCell>
                <TableCell className="space-x-3 text-xs whitespace-nowrap">
                  <Link className="font-medium text-accent" href={`/runs/compare/traces?a=${pair.a.resultId}&b=${pair.b.resultId}`} data-testid="side-by-side-link">
                    Side by side
                  </Link>
                  <Link className="text-accent" href={`/runs/${a.id}/tasks/${pair.a.resultId}`}>A trace</Link>
                  <Link className="text-accent" href={`/runs/${b.id}/tasks/${pair.b.resultId}`}>B trace</Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {pager}
      </Card>
    </div>
  );
}
