// The "Reproduce the paper" report over the paper's 8 imported runs: every figure equals a recomputation
// here (plain SQL over the stored verdicts and the ground truth, by the paper's stated rules), the
// paper's headline numbers hold, every difference beyond rounding has its reason, and per run the
// primary causes sum to the wrong verdicts.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { importRecordedResults } from "@/lib/runs/import/import-results";
import { paperCells, type PaperCell } from "@/lib/metrics/paper-report";
import { readPaperReport, type PaperPageReport } from "./paper";
import { getRunExplanation, getToolCallGroupsByRun } from "./primary-causes";
import { listRunExportRows } from "./analysis";
import { toolCallStats } from "@/lib/metrics/tool-call-stats";

let context: RunsTestContext;
let report: PaperPageReport;

interface Row { runId: string; model: string; toolSet: string; domain: string; template: string; actions: number; correct: boolean; side: boolean }
let rows: Row[];

const pct = (part: number, n: number) => Math.round((10_000 * part) / n) / 100;

beforeAll(async () => {
  context = await setUpRunsTest();
  // The paper's runs are the ones the official results files give (imported here, or already): the
  // recomputation reads only them, whatever other test files imported into this database.
  const paperRuns = await importRecordedResults(context.db, { resultsPath: path.join(DATA_DIR, "v1/data/results"), groundTruth: "v1" });
  report = await readPaperReport(context.db);
  rows = await context.db.$queryRaw<Row[]>`
    SELECT r.id AS "runId", r.model, r."toolSet", t.domain, t."baseTemplate" AS template,
           cardinality(t."groundTruth") AS actions, x.correct, x."sideEffects" AS side
      FROM "TaskResult" x JOIN "Run" r ON r.id = x."runId" JOIN "Task" t ON t.id = x."taskId"
     WHERE r.id = ANY(${paperRuns.map((run) => run.runId)}::text[]) AND x.status = 'done'`;
}, 600_000);

afterAll(async () => {
  await tearDownRunsTest(context);
});

const of = (model: string, toolSet: string) => rows.filter((row) => row.model === model && row.toolSet === toolSet);
const rate = (subset: Row[], keep: (row: Row) => boolean = (row) => row.correct) => pct(subset.filter(keep).length, subset.length);

describe("the paper report over the 8 imported runs", () => {
  test("finds the paper's 8 runs, 690 tasks each", () => {
    expect(report.runs).toHaveLength(8);
    expect(report.runs.every((run) => run.tasks === 690)).toBe(true);
  });

  test("Table 5 equals the recomputed accuracy of each model × tool set; GPT-3.5 and Llama2 all tools are the context window", () => {
    for (const row of report.table5) {
      for (const cell of row.cells) {
        const [, model, toolSet] = cell.id.split(":");
        const subset = of(model!, toolSet!);
        if (subset.length === 0) {
          expect(cell).toMatchObject({ status: "context-window", paper: 0, studio: null });
          expect(["gpt-3.5", "llama2-70b"]).toContain(model);
          expect(toolSet).toBe("all");
        } else {
          expect(cell.studio).toBe(rate(subset));
        }
      }
    }
  });

  test("Table 6 (GPT-4, all tools): 39 / 65 / 23 / 48 / 39 / 40 % accuracy, each equal to the recomputation", () => {
    const gpt4 = of("gpt-4", "all");
    expect(report.table6.map((column) => Math.round(column.accuracy.studio!))).toEqual([39, 65, 23, 48, 39, 40]);
    for (const column of report.table6) {
      const domain = gpt4.filter((row) => row.domain === column.domain);
      expect(column.tasks.studio).toBe(domain.length);
      expect(column.accuracy.studio).toBe(rate(domain));
      expect(column.sideEffects.studio).toBe(rate(domain, (row) => row.side));
    }
  });

  test("Table 7 (all tools): GPT-4 75.4 / 35.6 / 18.4 % on 0 / 1+ / 2+ actions, every cell recomputed", () => {
    const gpt4 = report.table7.map((row) => row.cells.find((cell) => cell.id.startsWith("t7:gpt-4:"))!.studio!);
    expect(gpt4.slice(1).map((value) => Math.round(value * 10) / 10)).toEqual([75.4, 35.6, 18.4]);
    const buckets: Record<string, (n: number) => boolean> = { all: () => true, zero: (n) => n === 0, onePlus: (n) => n > 0, twoPlus: (n) => n > 1 };
    for (const row of report.table7) {
      for (const cell of row.cells) {
        const subset = of(cell.id.split(":")[1]!, "all").filter((r) => buckets[row.bucket]!(r.actions));
        if (cell.status === "context-window") expect(subset).toHaveLength(0);
        else expect(cell.studio).toBe(rate(subset));
      }
    }
  });

  test("Figure 4 equals the ground truth's action counts: 122 tasks with no action", async () => {
    const counts = await context.db.$queryRaw<{ actions: number; tasks: number }[]>`
      SELECT cardinality(t."groundTruth") AS actions, count(*)::int AS tasks
        FROM "Task" t JOIN "GroundTruthVersion" v ON v.id = t."versionId" JOIN "Dataset" d ON d.id = v."datasetId"
       WHERE d.slug = 'workbench' AND v.name = 'v1' GROUP BY 1 ORDER BY 1`;
    expect(report.figure4.bins.filter((bin) => bin.tasks > 0)).toEqual(counts);
    expect(report.figure4.noActionTasks).toMatchObject({ paper: 122, studio: 122, status: "match" });
    expect(report.figure4.tasks.studio).toBe(690);
  });

  test("Figure 6 (GPT-4, all tools) equals the original evaluator's counts", () => {
    const gpt4 = of("gpt-4", "all");
    expect(report.figure6.correct.studio).toBe(gpt4.filter((row) => row.correct).length);
    expect(report.figure6.withSideEffects.studio).toBe(gpt4.filter((row) => !row.correct && row.side).length);
    expect(report.figure6.withoutSideEffects.studio).toBe(gpt4.filter((row) => !row.correct && !row.side).length);
    expect(Object.values(report.figure6).every((cell) => cell.status === "match")).toBe(true);
  });

  test("Figure 7: per-template accuracy recomputed, sorted; 15 of 69 templates at 0 % or 100 %", () => {
    const byTemplate = new Map<string, Row[]>();
    for (const row of of("gpt-4", "all")) byTemplate.set(row.template, [...(byTemplate.get(row.template) ?? []), row]);
    expect(report.figure7.templates).toHaveLength(69);
    for (const template of report.figure7.templates) expect(template.accuracy).toBe(rate(byTemplate.get(template.template)!));
    const accuracies = report.figure7.templates.map((t) => t.accuracy);
    expect(accuracies).toEqual([...accuracies].sort((a, b) => a - b));
    const extremes = [...byTemplate.values()].filter((group) => group.every((r) => r.correct) || group.every((r) => !r.correct)).length;
    expect(extremes).toBe(15);
    expect(report.figure7.extremes).toMatchObject({ paper: 15, studio: 15, status: "match" });
  });

  test("every difference beyond rounding has its reason, and they are exactly the reference's mismatches", () => {
    const cells: PaperCell[] = paperCells(report);
    const differing = cells.filter((cell) => cell.status === "differs");
    expect(differing.map((cell) => cell.id).sort()).toEqual(["t5:claude-2:all", "t5:llama2-70b:domains", "t5:mistral-8x7B:domains", "t6:email:sideEffects"]);
    for (const cell of differing) expect(cell.note).not.toMatch(/Unexplained/);
    expect(cells.filter((cell) => cell.status === "missing")).toEqual([]);
  });

  test("every cell whose printed value is not Studio's count rounded once carries a note; GPT-3.5's 14 % is named double rounding", () => {
    const cells = paperCells(report).filter((cell) => cell.status !== "context-window");
    for (const cell of cells) {
      const roundsOnce = cell.unit === "count" ? cell.studio === cell.paper : Math.round((100 * cell.count!.part) / cell.count!.n) === cell.paper;
      expect(cell.note === null, cell.id).toBe(roundsOnce);
    }
    const twice = cells.filter((cell) => cell.status === "rounded-twice");
    expect(twice.map((cell) => cell.id)).toContain("t5:gpt-3.5:domains");
    for (const cell of twice) expect(cell.note).toMatch(/comes from rounding twice/);
  });

  test("per run, the primary causes sum to the wrong verdicts; 'other' is the last resort", async () => {
    for (const run of report.runs) {
      const { wrong, causes } = await getRunExplanation(context.db, run.runId);
      expect(wrong).toBe(run.tasks - run.correct);
      expect(causes.reduce((sum, cause) => sum + cause.count, 0)).toBe(wrong);
      expect(causes.at(-1)?.id).toBe("other");
      // The rules explain most wrong answers: "other" is the remainder, not the bulk.
      expect(causes.at(-1)!.count).toBeLessThan(wrong / 4);
    }
  });
});

// The refusal strings of the original tools (WORKBENCH-REFERENCE.md, "Tools"), as a plain SQL pattern:
// an independent recount of what lib/workbench/tools/refusals.ts classifies.
const REFUSAL_SQL = String.raw`^([A-Z][A-Za-z ,]* not provided\.|No search parameters provided\..*|(Event|Email|Task|Customer|Visitor|Field) not found\.|Invalid recipient email address\.|Missing task details\.|Please provide all required fields: .*|(Assignee email|List|Board|Status|Product interest|Field) not valid\..*|(Value to plot|Plot type) must be one of .*)$`;

describe("tool refusals and the run export over the imported GPT-4 run", () => {
  test("per-tool refused and failed counts equal a SQL recount", async () => {
    const run = report.runs.find((r) => r.model === "gpt-4" && r.toolSet === "all")!;
    const stats = toolCallStats((await getToolCallGroupsByRun(context.db, [run.runId])).get(run.runId) ?? []);
    const [recount] = await context.db.$queryRaw<{ calls: number; refused: number; failed: number }[]>`
      SELECT count(*)::int AS calls,
             count(*) FILTER (WHERE s.ok IS DISTINCT FROM false AND s.observation ~ ${REFUSAL_SQL})::int AS refused,
             count(*) FILTER (WHERE s.ok = false)::int AS failed
        FROM "Step" s JOIN "TaskResult" x ON x.id = s."resultId" WHERE x."runId" = ${run.runId} AND s.kind = 'tool'`;
    const sum = (key: "calls" | "refused" | "failed") => stats.reduce((total, s) => total + s[key], 0);
    expect({ calls: sum("calls"), refused: sum("refused"), failed: sum("failed") }).toEqual(recount);
    expect(recount!.refused).toBeGreaterThan(0); // GPT-4's recorded calls do meet refusals
  });

  test("the export carries template, ground-truth actions, the primary cause (empty when correct) and tool errors", async () => {
    const run = report.runs.find((r) => r.model === "gpt-4" && r.toolSet === "all")!;
    const rows = (await listRunExportRows({ runId: run.runId }))!;
    expect(rows).toHaveLength(690);
    const tasks = await context.db.task.findMany({ where: { results: { some: { runId: run.runId } } }, select: { key: true, baseTemplate: true, groundTruth: true } });
    const byKey = new Map(tasks.map((task) => [task.key, task]));
    for (const row of rows) {
      expect(row.template).toBe(byKey.get(row.task)!.baseTemplate);
      expect(row.gt_actions).toBe(byKey.get(row.task)!.groundTruth.length);
      expect(row.primary_cause === null).toBe(row.correct === true);
    }
    const [errors] = await context.db.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM "Step" s JOIN "TaskResult" x ON x.id = s."resultId"
       WHERE x."runId" = ${run.runId} AND s.kind = 'tool' AND (s.ok = false OR s.observation ~ ${REFUSAL_SQL})`;
    expect(rows.reduce((sum, row) => sum + row.tool_errors, 0)).toBe(errors!.total);
  });
});
