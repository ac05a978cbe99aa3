"use client";

import { Card, CardHeader } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { formatPercent } from "@/lib/metrics/format";
import type { ToolCallStats } from "@/lib/metrics/tool-call-stats";

/**
 * Calls per tool over the run's traces. "Refused": the tool answered with a refusal ("Email not found.",
 * "Event ID not provided.") and changed nothing; "failed": the call raised (the evaluator skips it).
 * A client component handed the counts: the page's payload carries them, not a rendered copy of each row.
 */
export function ToolCallsCard({ stats }: { stats: readonly ToolCallStats[] }) {
  const total = stats.reduce((sum, s) => ({ calls: sum.calls + s.calls, refused: sum.refused + s.refused, failed: sum.failed + s.failed }), { calls: 0, refused: 0, failed: 0 });
  return (
    <Card data-testid="tool-calls">
      <CardHeader
        title="Tool calls"
        description={`${total.calls} calls: ${total.refused} refused by the tool's answer, ${total.failed} failed (raised).`}
      />
      {stats.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">No tool calls were recorded.</p>
      ) : (
        <div className="max-h-96 overflow-y-auto">
          <Table>
            <TableHead>
              <tr>
                <TableHeaderCell>Tool</TableHeaderCell>
                <TableHeaderCell numeric>Calls</TableHeaderCell>
                <TableHeaderCell numeric>Refused</TableHeaderCell>
                <TableHeaderCell numeric>Failed</TableHeaderCell>
                <TableHeaderCell numeric>Error rate</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {stats.map((s) => (
                <TableRow key={s.tool} data-testid="tool-calls-row" data-tool={s.tool}>
                  <TableCell className="py-1.5 font-mono text-xs whitespace-nowrap">{s.tool}</TableCell>
                  <TableCell numeric className="py-1.5">{s.calls}</TableCell>
                  <TableCell numeric className="py-1.5" data-testid="tool-refused">{s.refused}</TableCell>
                  <TableCell numeric className="py-1.5" data-testid="tool-failed-count">{s.failed}</TableCell>
                  <TableCell numeric className="py-1.5">{formatPercent(s.errorRate, 1)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}
