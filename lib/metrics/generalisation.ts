// One configuration on the official tasks and on a generated workplace, side by side per domain
// (app/runs/generalisation). Each rate carries its own Wilson interval; no difference is tested.
import { ratio, wilsonInterval, type Interval } from "./wilson";

/**
 * Why the page tests nothing across datasets: a paired test (McNemar) pairs each task's two verdicts,
 * and a generated workplace's tasks are other tasks, in another sandbox, even where their keys and
 * templates match the paper's; the two samples are independent, and the intervals are each run's own.
 */
export const NO_PAIRED_TEST_REASON =
  "No paired test applies: McNemar's test pairs the two verdicts of one task, and a generated workplace's tasks are different tasks over a different sandbox, even where their keys and templates match the paper's. The two rates are independent samples; each interval below is its side's 95 % Wilson interval over the verdicts pooled from that side's runs (trials included), and overlapping intervals mean the data do not separate the two.";

export interface DomainTally {
  readonly domain: string;
  readonly n: number;
  readonly correct: number;
}

export interface RateCell {
  readonly n: number;
  readonly correct: number;
  readonly rate: number;
  readonly interval: Interval | null;
}

export interface GeneralisationRow {
  readonly domain: string;
  readonly official: RateCell | null;
  readonly generated: RateCell | null;
  /** generated − official accuracy, in [−1, 1]; null where either side scored nothing. */
  readonly difference: number | null;
  /** The two intervals do not overlap. */
  readonly separated: boolean;
}

function cell(tally: DomainTally | undefined): RateCell | null {
  if (!tally || tally.n === 0) return null;
  return { n: tally.n, correct: tally.correct, rate: ratio(tally.correct, tally.n), interval: wilsonInterval(tally.correct, tally.n) };
}

function row(domain: string, official: RateCell | null, generated: RateCell | null): GeneralisationRow {
  const both = official && generated;
  return {
    domain,
    official,
    generated,
    difference: both ? generated.rate - official.rate : null,
    separated: Boolean(both && official.interval && generated.interval && (official.interval.high < generated.interval.low || generated.interval.high < official.interval.low)),
  };
}

/** Per-domain rows in `domains` order (domains neither side scored are left out), then "all". */
export function generalisationRows(domains: readonly string[], official: readonly DomainTally[], generated: readonly DomainTally[]): GeneralisationRow[] {
  const byDomain = (tallies: readonly DomainTally[]) => new Map(tallies.map((tally) => [tally.domain, tally]));
  const [left, right] = [byDomain(official), byDomain(generated)];
  const ordered = [...new Set([...domains, ...left.keys(), ...right.keys()])];
  const rows = ordered.map((domain) => row(domain, cell(left.get(domain)), cell(right.get(domain)))).filter((entry) => entry.official || entry.generated);
  const total = (tallies: readonly DomainTally[]) => ({ domain: "all", n: tallies.reduce((sum, t) => sum + t.n, 0), correct: tallies.reduce((sum, t) => sum + t.correct, 0) });
  return [...rows, row("all", cell(total(official)), cell(total(generated)))];
}

export interface TemplateFamilyRow {
  readonly row: number;
  readonly domain: string;
  readonly paper: string;
  readonly ours: readonly string[];
  readonly official: RateCell | null;
  readonly generated: RateCell | null;
  readonly difference: number | null;
  readonly separated: boolean;
}

/**
 * Per paper template family: the official run on the tasks of that paper template, the generated run on
 * the tasks of the generator's templates that cover it (one generator template may cover several
 * paper templates, so its tasks can count in several rows). Tallies are keyed by template text
 * (official) and by template id (generated).
 */
export function templateFamilyRows(
  families: readonly { row: number; domain: string; paper: string; ours: readonly string[] }[],
  officialByTemplate: ReadonlyMap<string, { n: number; correct: number }>,
  generatedByTemplate: ReadonlyMap<string, { n: number; correct: number }>,
): TemplateFamilyRow[] {
  return families.map((family) => {
    const generated = family.ours.reduce(
      (sum, id) => ({ n: sum.n + (generatedByTemplate.get(id)?.n ?? 0), correct: sum.correct + (generatedByTemplate.get(id)?.correct ?? 0) }),
      { n: 0, correct: 0 },
    );
    const official = officialByTemplate.get(family.paper);
    const compared = row(family.domain, cell(official && { domain: family.domain, ...official }), cell({ domain: family.domain, ...generated }));
    return { ...family, official: compared.official, generated: compared.generated, difference: compared.difference, separated: compared.separated };
  });
}
