// Reads behind the generalisation view (app/runs/generalisation): two runs, one on the official dataset
// and one on a generated workplace, their configurations and their scored verdicts per domain.
import "server-only";
import { prisma } from "@/lib/db";
import { DOMAINS } from "@/lib/workbench/datasets/types";
import { generalisationRows, templateFamilyRows, type DomainTally } from "@/lib/metrics/generalisation";
import { PAPER_TEMPLATES } from "@/lib/workbench/generate/paper-templates";

/** What must match for two runs to be "one configuration" across datasets. */
const CONFIG_FIELDS = ["model", "agent", "toolSet", "protocol"] as const;

async function runWithTallies(id: string) {
  const run = await prisma.run.findUnique({
    where: { id },
    select: { id: true, name: true, model: true, agent: true, toolSet: true, protocol: true, groundTruth: true, dataset: { select: { slug: true, name: true, kind: true } } },
  });
  if (!run) return null;
  // Every scored verdict of the run (all trials), per domain.
  const tallies = await prisma.$queryRaw<DomainTally[]>`
    SELECT t.domain, count(*)::int AS n, (count(*) FILTER (WHERE r.correct))::int AS correct
      FROM "TaskResult" r JOIN "Task" t ON t.id = r."taskId"
     WHERE r."runId" = ${id} AND r.status = 'done' AND r.correct IS NOT NULL GROUP BY t.domain`;
  return { run, tallies };
}

/** Scored verdicts per template: by text (`baseTemplate`, the paper's on official tasks) or by id (`chosenTemplate`, the generator's). */
async function templateTallies(runId: string, by: "baseTemplate" | "chosenTemplate") {
  const rows = await prisma.$queryRaw<{ template: string; n: number; correct: number }[]>`
    SELECT CASE WHEN ${by} = 'baseTemplate' THEN t."baseTemplate" ELSE t."chosenTemplate" END AS template,
           count(*)::int AS n, (count(*) FILTER (WHERE r.correct))::int AS correct
      FROM "TaskResult" r JOIN "Task" t ON t.id = r."taskId"
     WHERE r."runId" = ${runId} AND r.status = 'done' AND r.correct IS NOT NULL GROUP BY 1`;
  return new Map(rows.map((row) => [row.template, { n: row.n, correct: row.correct }]));
}

export async function getGeneralisation({ official, generated }: { official: string; generated: string }) {
  const [left, right] = await Promise.all([runWithTallies(official), runWithTallies(generated)]);
  if (!left || !right) return { status: "missing" as const };
  if (left.run.dataset.kind !== "official" || right.run.dataset.kind !== "generated") {
    return { status: "wrong-kinds" as const };
  }
  const mismatches = CONFIG_FIELDS.filter((field) => (left.run[field] ?? "") !== (right.run[field] ?? "")).map(
    (field) => `${field} ${left.run[field] ?? "none"} vs ${right.run[field] ?? "none"}`,
  );
  const [officialTemplates, generatedTemplates] = await Promise.all([templateTallies(official, "baseTemplate"), templateTallies(generated, "chosenTemplate")]);
  return {
    status: "ok" as const,
    official: left.run,
    generated: right.run,
    mismatches,
    rows: generalisationRows(DOMAINS, left.tallies, right.tallies),
    templates: templateFamilyRows(PAPER_TEMPLATES, officialTemplates, generatedTemplates),
  };
}
