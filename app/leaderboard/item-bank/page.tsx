import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { intervalLine } from "@/lib/metrics/irt/calibrate";
import { getItemBanks } from "@/lib/queries/item-bank";

export const metadata: Metadata = { title: "Item bank" };

const COIN = Math.log(0.5);

/** The stored item banks estimated runs choose their tasks and estimate with (docs/estimation.md). */
export default async function ItemBankPage() {
  const banks = await getItemBanks();
  return (
    <>
      <PageHeader
        title="Item bank"
        description={
          <>
            Per dataset and scoring revision, each task&rsquo;s difficulty and discrimination (a two-parameter logistic model, tasks pooled towards their
            template) fitted on every counted, non-test verdict. Estimated runs choose their tasks with it and estimate the full-benchmark accuracy from
            them. A bank whose runs changed since it was fitted is stale and is refitted when next used (an estimated run&rsquo;s launch, or{" "}
            <code>workbench item-bank --refit</code>). <Link href="/leaderboard" className="text-accent">← Leaderboard</Link>
          </>
        }
      />
      {banks.length === 0 ? (
        <EmptyState title="No item bank fitted yet" testId="item-bank-empty">
          One is fitted when the first estimated run is launched, or with <code>workbench item-bank --refit</code>.
        </EmptyState>
      ) : (
        <Card data-testid="item-bank-card">
          <CardHeader title="Stored fits" description={`Held-out log-likelihood: per verdict, on a tenth of the verdicts left out of the fit (higher is better; a coin scores ${COIN.toFixed(3)}).`} />
          <Table>
            <TableHead>
              <tr>
                <TableHeaderCell>Dataset</TableHeaderCell>
                <TableHeaderCell>Scoring</TableHeaderCell>
                <TableHeaderCell numeric>Items</TableHeaderCell>
                <TableHeaderCell numeric>Configurations</TableHeaderCell>
                <TableHeaderCell numeric>Verdicts</TableHeaderCell>
                <TableHeaderCell numeric>Held-out log-lik.</TableHeaderCell>
                <TableHeaderCell numeric>Intervals</TableHeaderCell>
                <TableHeaderCell>Fitted</TableHeaderCell>
              </tr>
            </TableHead>
            <TableBody>
              {banks.map((bank) => {
                const fitted = bank.withinTemplateSd !== null;
                return (
                  <TableRow key={bank.id} data-testid="item-bank-row">
                    <TableCell>
                      {bank.datasetSlug} <Badge>{bank.groundTruth}</Badge>
                    </TableCell>
                    <TableCell>{bank.scoringRevision}</TableCell>
                    <TableCell numeric>
                      {fitted ? bank.tasks : <span className="text-muted" title="Fewer than 10 configurations: estimated runs here are template-stratified">not fitted</span>}
                    </TableCell>
                    <TableCell numeric>{bank.configurations}</TableCell>
                    <TableCell numeric>{bank.verdicts.toLocaleString("en")}</TableCell>
                    <TableCell numeric title={bank.heldOutVerdicts ? `over ${bank.heldOutVerdicts} held-out verdicts` : undefined}>
                      {bank.heldOutLogLik === null ? "—" : bank.heldOutLogLik.toFixed(3)}
                    </TableCell>
                    <TableCell numeric title={fitted ? intervalLine(bank.calibration) : undefined} data-testid="item-bank-interval-scale">
                      {fitted && bank.calibration ? `×${bank.calibration.intervalScale.toFixed(2)}` : "—"}
                    </TableCell>
                    <TableCell>
                      {bank.fittedAt.toISOString().slice(0, 16).replace("T", " ")} UTC <span className="text-xs text-muted">({bank.fitMs} ms)</span>{" "}
                      {bank.stale ? <Badge tone="warn" title="Its runs changed since: refitted when next used">stale</Badge> : null}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Card>
      )}
    </>
  );
}
