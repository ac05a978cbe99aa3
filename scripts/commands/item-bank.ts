// `workbench item-bank [--refit] [--dataset workbench --gt v1 --revision 2024]`: the stored item banks (the
// 2PL fit estimated runs choose and estimate with; lib/queries/item-bank.ts), each with its configurations,
// verdicts, held-out log-likelihood, when it was fitted and whether its verdicts changed since. --refit fits
// the named scope's bank now (a stale one is refitted anyway when an estimated run is launched on it).
import { intervalLine } from "@/lib/metrics/irt/calibrate";
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { env } from "@/lib/env";
import type { ItemBankSummary } from "@/lib/queries/item-bank";

interface Flags {
  readonly refit?: boolean;
  readonly dataset: string;
  readonly gt: string;
  readonly revision?: string;
}

/** One bank in a few lines (also what the item bank page shows). */
export function itemBankLines(bank: Omit<ItemBankSummary, "fits"> & { readonly fits?: number }): string[] {
  const fitted = bank.configurations > 0 && bank.withinTemplateSd !== null;
  return [
    `${bank.datasetSlug} ${bank.groundTruth} scoring ${bank.scoringRevision}: ${fitted ? `${bank.tasks} items` : `${bank.tasks} tasks`}, ${bank.configurations} configurations, ${bank.verdicts} verdicts${bank.stale ? "  [stale: refitted on next use]" : ""}`,
    fitted
      ? `  held-out log-likelihood ${bank.heldOutLogLik?.toFixed(4) ?? "-"} per verdict over ${bank.heldOutVerdicts ?? 0} (a coin: -0.6931); difficulty spread within templates ${bank.withinTemplateSd?.toFixed(3)}`
      : "  not fitted: fewer than 10 configurations; estimated runs here are template-stratified",
    ...(fitted ? [`  ${intervalLine(bank.calibration)}`] : []),
    `  fitted ${bank.fittedAt.toISOString()} in ${bank.fitMs} ms${bank.fits ? ` (${bank.fits} fit${bank.fits === 1 ? "" : "s"} stored)` : ""}`,
  ];
}

export function register(program: Command): void {
  program
    .command("item-bank")
    .description("The stored item banks estimated runs use (2PL fits per dataset and scoring revision); --refit fits one now")
    .option("--refit", "fit the bank of --dataset/--gt/--revision now")
    .option("--dataset <slug>", "dataset (with --refit)", "workbench")
    .option("--gt <version>", "ground truth (with --refit)", "v1")
    .option("--revision <revision>", "scoring revision (with --refit; default: the ground truth's protocol's latest)")
    .action(async (flags: Flags) => {
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      process.exitCode = await withPrisma(async (prisma) => {
        const { ensureItemBank, listItemBanks } = await import("@/lib/queries/item-bank");
        if (flags.refit) {
          const { resolveScoringConfig } = await import("@/lib/workbench/protocols");
          const version = await prisma.groundTruthVersion.findFirst({ where: { name: flags.gt, dataset: { slug: flags.dataset } }, select: { datasetId: true } });
          if (!version) {
            console.error(`--dataset ${flags.dataset} --gt ${flags.gt}: not imported (workbench import-data)`);
            return 1;
          }
          let revision: string;
          try {
            revision = resolveScoringConfig({ groundTruth: flags.gt, revision: flags.revision }).revision;
          } catch (error) {
            console.error(`--revision: ${(error as Error).message}`);
            return 2;
          }
          const { bank } = await ensureItemBank(prisma, { datasetId: version.datasetId, groundTruth: flags.gt, scoringRevision: revision }, { refit: true });
          console.log(`refitted ${bank.id}`);
        }
        const banks = await listItemBanks(prisma);
        if (banks.length === 0) console.log("no item bank stored yet: one is fitted when an estimated run is launched, or with --refit");
        for (const bank of banks) for (const line of itemBankLines(bank)) console.log(line);
        return 0;
      });
    });
}
