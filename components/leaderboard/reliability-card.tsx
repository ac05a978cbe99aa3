import Link from "next/link";
import { Suspense, type ReactNode } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { ReliabilityDiagram } from "@/components/charts/reliability-diagram";
import { configKeyParam } from "@/lib/metrics/config-leaderboard";
import type { Interval } from "@/lib/metrics/wilson";
import { getReliabilityProfile, type Dimension, type ProfileRun } from "@/lib/queries/reliability";
import { HARM_CLASSES, HARM_WEIGHTS } from "@/lib/workbench/analysis/harm-severity";

/**
 * The configuration's reliability profile (docs/reliability-profile.md): consistency over trials,
 * robustness to paraphrase, safety by severity, predictability of its stated confidence and robustness
 * to faults, side by side; each a headline figure with its interval, the details, and the runs it rests
 * on, or "not measured" and the one command that would measure it. A server component: plain markup and
 * one small SVG, no client code.
 */
export function ReliabilityCard({ configKey }: { configKey: string }) {
  return (
    <Card data-testid="reliability">
      <CardHeader title="Reliability profile" description="Measured from this configuration's stored runs; see docs/reliability-profile.md for each definition. Intervals are 95 %." />
      <Suspense fallback={<p className="px-5 py-4 text-sm text-muted">Reading the stored answers…</p>}>
        <ReliabilityPanels configKey={configKey} />
      </Suspense>
    </Card>
  );
}

const percent = (value: number | null | undefined) => (value === null || value === undefined ? "—" : `${(100 * value).toFixed(1)} %`);
const interval = (value: Interval | null) => (value ? `[${percent(value.low)}, ${percent(value.high)}]` : "");
const signed = (value: number | null) => (value === null ? "—" : `${value > 0 ? "+" : ""}${(100 * value).toFixed(1)} pts`);
const signedInterval = (value: Interval | null) => (value ? `[${signed(value.low)}, ${signed(value.high)}]` : "");

async function ReliabilityPanels({ configKey }: { configKey: string }) {
  const profile = await getReliabilityProfile({ key: configKey });
  if (!profile) return null;
  const { safety, consistency, faults, paraphrase, predictability } = profile;
  return (
    <div className="grid gap-px bg-line sm:grid-cols-2 xl:grid-cols-5" data-testid="reliability-dimensions">
      <Panel id="consistency" name="Consistency over trials" dimension={consistency}>
        {(value) => ({
          headline: <>pass^{value.k} {percent(value.passHatK)} <span className="text-xs font-normal text-muted">{interval(value.passHatKInterval)}</span></>,
          sub: <>pass@{value.k} {percent(value.passAtK)} · pass@1 {percent(value.passAt1)}</>,
          details: (
            <>
              <p>
                k = {value.k} on {value.tasks} tasks{value.incompleteTasks ? ` (${value.incompleteTasks} incomplete left out)` : ""}
              </p>
              <p>Same verdict on every trial {percent(value.outcomeConsistency)} {interval(value.outcomeConsistencyInterval)} · flip rate {percent(value.flipRate)} · same tool calls {percent(value.trajectoryConsistency)}</p>
              <p className="text-xs text-muted">
                Spread per task (coefficient of variation): tokens {value.tokenSpread === null ? "—" : value.tokenSpread.toFixed(2)} · cost {value.costSpread === null ? "—" : value.costSpread.toFixed(2)}
              </p>
            </>
          ),
        })}
      </Panel>
      <Panel id="paraphrase" name="Robustness to paraphrase" dimension={paraphrase}>
        {(value) => ({
          headline: <>All wordings right {percent(value.allWordingsRight)} <span className="text-xs font-normal text-muted">{interval(value.allWordingsRightInterval)}</span></>,
          sub: <>of {value.tasksInEveryPhrasing} tasks run in every phrasing</>,
          details: (
            <>
              {value.byPhrasing.map((row) => (
                <p key={row.phrasing} data-testid="reliability-phrasing" data-phrasing={row.phrasing}>
                  {value.keys[row.phrasing] && value.keys[row.phrasing] !== configKey ? (
                    <Link href={`/leaderboard/configurations/${configKeyParam(value.keys[row.phrasing] as string)}/reliability`} className="text-accent">{row.phrasing}</Link>
                  ) : (
                    row.phrasing
                  )}
                  : {percent(row.accuracy)} {interval(row.interval)} of {row.scored}
                </p>
              ))}
              {value.drops.map((drop) => (
                <p key={drop.phrasing} data-testid="reliability-phrasing-drop" data-phrasing={drop.phrasing}>
                  Drop original → {drop.phrasing}: {signed(drop.drop)} {signedInterval(drop.interval)} on {drop.pairs} paired (task, trial)s · only original right {drop.onlyA}, only {drop.phrasing} right {drop.onlyB}
                </p>
              ))}
            </>
          ),
        })}
      </Panel>
      <Panel id="safety" name="Safety by severity" dimension={safety}>
        {(value) => ({
          headline: <>Severity-weighted harm {value.weightedHarmRate.toFixed(3)}</>,
          sub: <>harmful answers {percent(value.harmRate)} {interval(value.harmInterval)}</>,
          details: (
            <>
              <p>Of {value.answers} answers; irreversible harm in {percent(value.irreversibleShareOfWrong)} {interval(value.irreversibleInterval)} of {value.wrong} wrong answers</p>
              <p className="text-xs text-muted" data-testid="reliability-severity">
                {HARM_CLASSES.map((harmClass) => `${harmClass} ${value.byClass[harmClass]} (×${HARM_WEIGHTS[harmClass]})`).join(" · ")}
              </p>
            </>
          ),
        })}
      </Panel>
      <Panel id="predictability" name="Predictability" dimension={predictability}>
        {(value) => ({
          headline: <>Brier {value.brier.toFixed(3)} <span className="text-xs font-normal text-muted">{value.brierInterval ? `[${value.brierInterval.low.toFixed(3)}, ${value.brierInterval.high.toFixed(3)}]` : ""}</span></>,
          sub: <>AUROC {value.auroc === null ? "—" : value.auroc.toFixed(3)} · ECE {value.ece.toFixed(3)} · {value.answers} answers</>,
          details: (
            <div className="pt-1">
              <ReliabilityDiagram bins={value.bins} />
              <p className="text-xs text-muted">Right answers per bin of stated confidence; the dashed diagonal is perfect calibration.</p>
            </div>
          ),
        })}
      </Panel>
      <Panel id="faults" name="Fault robustness" dimension={faults}>
        {(rows) => {
          const first = rows[0];
          return {
            // The headline is a drop (clean − faulted, positive when faults cost accuracy), as the paraphrase
            // panel's and the board's Profile column; the lines below keep the robustness board's faulted − clean.
            headline: first ? (
              <>
                Drop at fault rate {first.faultRate}: {first.difference === null ? "—" : signed(-first.difference)}{" "}
                <span className="text-xs font-normal text-muted">{first.differenceInterval ? signedInterval({ low: -first.differenceInterval.high, high: -first.differenceInterval.low }) : ""}</span>
              </>
            ) : null,
            sub: first ? <>on {first.pairs} paired (task, trial)s</> : null,
            details: (
              <>
                {rows.map((row) => (
                  <p key={row.faultRate}>
                    Fault rate {row.faultRate}, faulted − clean: {signed(row.difference)} {signedInterval(row.differenceInterval)} on {row.pairs} pairs (clean only right {row.onlyA}, faulted only right {row.onlyB}) · recovery{" "}
                    {percent(row.measures.recovery.rate)} · blind retry {percent(row.measures.blindRetry.rate)}
                  </p>
                ))}
                <p className="text-xs text-muted">
                  <Link href="/leaderboard/robustness" className="text-accent">Robustness board</Link>
                </p>
              </>
            ),
          };
        }}
      </Panel>
    </div>
  );
}

interface PanelBody {
  readonly headline: ReactNode;
  readonly sub: ReactNode;
  readonly details: ReactNode;
}

function Panel<T>({ id, name, dimension, children }: { id: string; name: string; dimension: Dimension<T>; children: (value: T) => PanelBody }) {
  const body = dimension.measured ? children(dimension.value) : null;
  return (
    <section className="min-w-0 space-y-1.5 bg-surface px-4 py-3 text-sm" data-testid={`reliability-${id}`} data-measured={dimension.measured}>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">{name}</h3>
      {body ? (
        <>
          <p className="text-base font-semibold tabular-nums text-ink" data-testid="reliability-headline">{body.headline}</p>
          <p className="text-xs tabular-nums text-muted">{body.sub}</p>
          <div className="space-y-0.5 tabular-nums">{body.details}</div>
          <p className="pt-1 text-xs text-muted">Rests on <RunLinks runs={dimension.measured ? dimension.runs : []} /></p>
        </>
      ) : !dimension.measured ? (
        <p className="text-muted" data-testid="reliability-not-measured">
          Not measured: {dimension.reason}.{dimension.command ? <> Measure it with <code className="break-all text-xs text-ink">{dimension.command}</code></> : null}
        </p>
      ) : null}
    </section>
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
