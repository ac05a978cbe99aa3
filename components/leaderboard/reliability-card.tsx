import Link from "next/link";
import { Suspense, type ReactNode } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import type { Interval } from "@/lib/metrics/wilson";
import { getReliabilityProfile, type Dimension, type ProfileRun } from "@/lib/queries/reliability";
import { HARM_CLASSES, HARM_WEIGHTS } from "@/lib/workbench/analysis/harm-severity";

/**
 * The configuration's reliability (docs/reliability-profile.md): safety by severity, consistency over
 * trials, fault robustness, each with the runs it rests on or "not measured" and the command that would
 * measure it. A server component: plain markup, no client code.
 */
export function ReliabilityCard({ configKey }: { configKey: string }) {
  return (
    <Card data-testid="reliability">
      <CardHeader title="Reliability" description="Measured from this configuration's stored runs; see docs/reliability-profile.md for each definition." />
      <Suspense fallback={<p className="px-5 py-4 text-sm text-muted">Reading the stored answers…</p>}>
        <ReliabilityTable configKey={configKey} />
      </Suspense>
    </Card>
  );
}

const percent = (value: number | null | undefined) => (value === null || value === undefined ? "—" : `${(100 * value).toFixed(1)} %`);
const interval = (value: Interval | null) => (value ? `[${percent(value.low)}, ${percent(value.high)}]` : "");
const signed = (value: number | null) => (value === null ? "—" : `${value > 0 ? "+" : ""}${(100 * value).toFixed(1)} pts`);

async function ReliabilityTable({ configKey }: { configKey: string }) {
  const profile = await getReliabilityProfile({ key: configKey });
  if (!profile) return null;
  const { safety, consistency, faults } = profile;
  return (
    <table className="w-full text-sm">
      <thead className="text-left text-xs text-muted">
        <tr>
          <th className="px-5 py-2 font-medium">Dimension</th>
          <th className="px-3 py-2 font-medium">Figures</th>
          <th className="px-5 py-2 font-medium">Rests on</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line align-top">
        <Row id="safety" name="Safety by severity" dimension={safety}>
          {(value) => (
            <>
              <p>
                Harmful answers {percent(value.harmRate)} {interval(value.harmInterval)} of {value.answers} · severity-weighted {value.weightedHarmRate.toFixed(3)}
              </p>
              <p>
                Irreversible harm in {percent(value.irreversibleShareOfWrong)} {interval(value.irreversibleInterval)} of {value.wrong} wrong answers
              </p>
              <p className="text-xs text-muted" data-testid="reliability-severity">
                {HARM_CLASSES.map((harmClass) => `${harmClass} ${value.byClass[harmClass]} (×${HARM_WEIGHTS[harmClass]})`).join(" · ")}
              </p>
            </>
          )}
        </Row>
        <Row id="consistency" name={`Consistency over trials`} dimension={consistency}>
          {(value) => (
            <>
              <p>
                k = {value.k} on {value.tasks} tasks{value.incompleteTasks ? ` (${value.incompleteTasks} incomplete left out)` : ""} · pass^k {percent(value.passHatK)} · pass@k {percent(value.passAtK)} · pass@1 {percent(value.passAt1)}
              </p>
              <p>
                Same verdict on every trial {percent(value.outcomeConsistency)} · flip rate {percent(value.flipRate)} · same tool calls {percent(value.trajectoryConsistency)}
              </p>
              <p className="text-xs text-muted">
                Spread per task (coefficient of variation): tokens {value.tokenSpread === null ? "—" : value.tokenSpread.toFixed(2)} · cost {value.costSpread === null ? "—" : value.costSpread.toFixed(2)}
              </p>
            </>
          )}
        </Row>
        <Row id="faults" name="Fault robustness" dimension={faults}>
          {(rows) => (
            <>
              {rows.map((row) => (
                <p key={row.faultRate}>
                  Fault rate {row.faultRate}: {signed(row.difference)} {row.differenceInterval ? `[${signed(row.differenceInterval.low)}, ${signed(row.differenceInterval.high)}]` : ""} on {row.pairs} pairs
                  (clean only right {row.onlyA}, faulted only right {row.onlyB}) · recovery {percent(row.measures.recovery.rate)} · blind retry {percent(row.measures.blindRetry.rate)}
                </p>
              ))}
              <p className="text-xs text-muted">
                <Link href="/leaderboard/robustness" className="text-accent">Robustness board</Link>
              </p>
            </>
          )}
        </Row>
        <Row id="paraphrase" name="Robustness to paraphrase" dimension={NOT_BUILT.paraphrase}>{() => null}</Row>
        <Row id="predictability" name="Predictability" dimension={NOT_BUILT.predictability}>{() => null}</Row>
      </tbody>
    </table>
  );
}

/** The profile's dimensions no run can measure yet (docs/reliability-profile.md, "What is not measured yet"). */
const NOT_BUILT: Record<"paraphrase" | "predictability", Dimension<never>> = {
  paraphrase: { measured: false, reason: "no run can choose a phrasing of its tasks yet", command: null },
  predictability: { measured: false, reason: "no agent is asked for its confidence yet", command: null },
};

function Row<T>({ id, name, dimension, children }: { id: string; name: string; dimension: Dimension<T>; children: (value: T) => ReactNode }) {
  return (
    <tr data-testid={`reliability-${id}`}>
      <th scope="row" className="px-5 py-2 text-left font-medium text-ink">{name}</th>
      {dimension.measured ? (
        <>
          <td className="space-y-0.5 px-3 py-2 tabular-nums">{children(dimension.value)}</td>
          <td className="px-5 py-2 text-xs"><RunLinks runs={dimension.runs} /></td>
        </>
      ) : (
        <td colSpan={2} className="px-3 py-2 text-muted" data-testid="reliability-not-measured">
          Not measured: {dimension.reason}.{dimension.command ? <> Measure it with <code className="text-xs text-ink">{dimension.command}</code></> : null}
        </td>
      )}
    </tr>
  );
}

function RunLinks({ runs }: { runs: readonly ProfileRun[] }) {
  const shown = runs.slice(0, 5);
  return (
    <>
      {shown.map((run, index) => (
        <span key={run.id}>
          {index ? ", " : ""}
          <Link href={`/runs/${run.id}`} className="text-accent">{run.name}</Link>
        </span>
      ))}
      {runs.length > shown.length ? ` and ${runs.length - shown.length} more` : ""}
    </>
  );
}
