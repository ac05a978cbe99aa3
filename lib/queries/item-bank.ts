// The stored item banks (ItemBankFit; issue 40, docs/estimation.md): per dataset, ground truth and scoring
// revision, the 2PL fit (lib/metrics/irt/fit.ts, template pooling) on the verdict matrix of every counted,
// non-test run scored under that revision (lib/queries/verdict-matrix.ts), stored with how well it predicts
// held-out verdicts. A fit remembers the fingerprint of the verdicts it was fitted on: each counted run's id,
// configuration and tallies (RunTally: its done results and right answers, which a re-score or a new
// result changes). On use (an estimated run's launch, `workbench item-bank`) a fit whose fingerprint no
// longer matches is stale and refitted: lazily, so finishing a run costs nothing. Each refit is a new row
// (an estimated run names the fit it used), the latest of a scope is the bank.
import { calibrateIntervals, type IntervalCalibration } from "@/lib/metrics/irt/calibrate";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { countedRunSql } from "@/lib/runs/counted-runs";
import { fitItemBank, heldOutLogLikelihood } from "@/lib/metrics/irt/fit";
import { MIN_BANK_CONFIGURATIONS } from "@/lib/metrics/irt/check-report";
import type { Item } from "@/lib/metrics/irt/two-pl";
import { seededRandom } from "@/lib/seeded-random";
import { DEFAULT_ESTIMATE_TASKS, type BankScope, type StoredBank } from "@/lib/runs/estimated-run";
import { readVerdictMatrix } from "./verdict-matrix";

/** The held-out likelihood's seed: the same matrix always leaves out the same verdicts. */
export const HELD_OUT_SEED = 1;

export interface StoredItemBank extends StoredBank {
  readonly datasetId: string;
  readonly groundTruth: string;
  readonly scoringRevision: string;
  readonly fingerprint: string;
  readonly verdicts: number;
  readonly tasks: number;
  readonly withinTemplateSd: number | null;
  readonly heldOutLogLik: number | null;
  readonly heldOutVerdicts: number | null;
  readonly fitMs: number;
  readonly fittedAt: Date;
}

/** The fingerprint of the verdicts a scope's bank is fitted on, and how many counted runs it covers. */
export async function verdictFingerprint(db: PrismaClient, scope: BankScope): Promise<{ readonly fingerprint: string; readonly runs: number }> {
  const counted = countedRunSql("r");
  const [row] = await db.$queryRaw<{ fingerprint: string; runs: number }[]>`
    SELECT md5(coalesce(string_agg(r.id || ':' || c."configKey" || ':' || coalesce(t.n, 0) || ':' || coalesce(t.correct, 0), '|' ORDER BY r.id), '')) AS fingerprint,
           count(*)::int AS runs
      FROM "Run" r JOIN "RunConfigKey" c ON c."runId" = r.id
      LEFT JOIN (SELECT "runId", sum(n)::int AS n, sum(correct)::int AS correct FROM "RunTally" GROUP BY 1) t ON t."runId" = r.id
     WHERE c."configKey" IS NOT NULL AND r."datasetId" = ${scope.datasetId} AND r."groundTruth" = ${scope.groundTruth}
       AND r."scoringRevision" = ${scope.scoringRevision} AND ${counted}`;
  return { fingerprint: row?.fingerprint ?? "", runs: row?.runs ?? 0 };
}

const SELECT = {
  id: true, datasetId: true, groundTruth: true, scoringRevision: true, fingerprint: true, configurations: true, verdicts: true, tasks: true,
  items: true, calibration: true, withinTemplateSd: true, heldOutLogLik: true, heldOutVerdicts: true, fitMs: true, fittedAt: true,
} as const;

type Row = Prisma.ItemBankFitGetPayload<{ select: typeof SELECT }>;
const fromRow = (row: Row): StoredItemBank => ({ ...row, items: row.items as unknown as Item[], calibration: (row.calibration as unknown as IntervalCalibration | null) ?? null });

export async function latestItemBank(db: PrismaClient, scope: BankScope): Promise<StoredItemBank | null> {
  const row = await db.itemBankFit.findFirst({ where: { ...scope }, orderBy: [{ fittedAt: "desc" }, { id: "desc" }], select: SELECT });
  return row ? fromRow(row) : null;
}

/**
 * Fits the scope's bank on its verdict matrix now and stores it (too few configurations: stored with no
 * items, so the estimate falls back to template-stratified and says why).
 */
export async function fitAndStoreItemBank(db: PrismaClient, scope: BankScope): Promise<StoredItemBank> {
  const { fingerprint } = await verdictFingerprint(db, scope);
  const dataset = await db.dataset.findUniqueOrThrow({ where: { id: scope.datasetId }, select: { slug: true } });
  const matrix = await readVerdictMatrix(db, { dataset: dataset.slug, groundTruth: scope.groundTruth, scoringRevision: scope.scoringRevision });
  const started = performance.now();
  const enough = matrix.configurations.length >= MIN_BANK_CONFIGURATIONS;
  const bank = enough ? fitItemBank(matrix) : null;
  const heldOut = enough ? heldOutLogLikelihood(matrix, seededRandom(HELD_OUT_SEED)) : null;
  // How much the intervals of estimates made with it are widened: cross-fitted on its own configurations.
  const calibration = enough ? calibrateIntervals(matrix, { n: DEFAULT_ESTIMATE_TASKS }) : null;
  const fitMs = Math.round(performance.now() - started);
  const verdicts = matrix.rows.reduce((sum, row) => sum + row.filter((value) => value !== null).length, 0);
  const row = await db.itemBankFit.create({
    data: {
      ...scope,
      fingerprint,
      configurations: matrix.configurations.length,
      verdicts,
      tasks: matrix.tasks.length,
      items: (bank?.items ?? []) as unknown as Prisma.InputJsonValue,
      withinTemplateSd: bank?.withinTemplateSd ?? null,
      heldOutLogLik: heldOut?.perVerdict ?? null,
      heldOutVerdicts: heldOut?.verdicts ?? null,
      calibration: calibration ? (calibration as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
      fitMs,
    },
    select: SELECT,
  });
  return fromRow(row);
}

/** The scope's bank, refitted first when it is missing, stale (its verdicts changed) or `refit` asks. */
export async function ensureItemBank(db: PrismaClient, scope: BankScope, options: { readonly refit?: boolean } = {}): Promise<{ readonly bank: StoredItemBank; readonly refitted: boolean }> {
  const latest = await latestItemBank(db, scope);
  if (latest && !options.refit && latest.fingerprint === (await verdictFingerprint(db, scope)).fingerprint) return { bank: latest, refitted: false };
  return { bank: await fitAndStoreItemBank(db, scope), refitted: true };
}

export interface ItemBankSummary extends Omit<StoredItemBank, "items"> {
  readonly datasetSlug: string;
  /** Its verdicts changed since: refitted on next use. */
  readonly stale: boolean;
  /** How many fits of this scope are stored. */
  readonly fits: number;
}

/** The latest fit of every scope, with whether it is stale; for the item bank page and `workbench item-bank`. */
export async function listItemBanks(db: PrismaClient): Promise<ItemBankSummary[]> {
  const scopes = await db.itemBankFit.groupBy({ by: ["datasetId", "groundTruth", "scoringRevision"], _count: { _all: true } });
  const out: ItemBankSummary[] = [];
  for (const scope of scopes) {
    const at = { datasetId: scope.datasetId, groundTruth: scope.groundTruth, scoringRevision: scope.scoringRevision };
    const latest = await latestItemBank(db, at);
    if (!latest) continue;
    const dataset = await db.dataset.findUnique({ where: { id: scope.datasetId }, select: { slug: true } });
    const { items: _items, ...rest } = latest;
    out.push({ ...rest, datasetSlug: dataset?.slug ?? scope.datasetId, stale: latest.fingerprint !== (await verdictFingerprint(db, at)).fingerprint, fits: scope._count._all });
  }
  return out.sort((x, y) => x.datasetSlug.localeCompare(y.datasetSlug) || x.groundTruth.localeCompare(y.groundTruth) || x.scoringRevision.localeCompare(y.scoringRevision));
}

/** An item bank source for launches (lib/runs/launch.ts): the scope's bank, refitted first when stale. */
export function freshItemBank(db: PrismaClient) {
  return async (scope: BankScope): Promise<StoredBank> => (await ensureItemBank(db, scope)).bank;
}

/** The item bank page's read (the app's client). */
export async function getItemBanks(): Promise<ItemBankSummary[]> {
  const { prisma } = await import("@/lib/db");
  return listItemBanks(prisma);
}
