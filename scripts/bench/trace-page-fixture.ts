// A 20-step trace with realistic payloads, written the way a launched run writes one: the paper's ReAct
// agent runs a v1 email task against a real sandbox (a scripted model stands in for the provider), its
// steps go through the buffered step store, and finishResult writes the verdict and the last steps.
// Seven searches return full emails (the observations that make a trace heavy), then a wrong delete
// (a step diff and the first divergence), the ground-truth call and the final answer: 10 model turns,
// 9 tool calls, 1 final step. Used by the trace-page bench and the trace e2e spec.
import { randomUUID } from "node:crypto";
import { createPrismaClient } from "@/lib/db";
import { importDataset } from "@/lib/datasets/import-dataset";
import { loadDatasetFromDbOrThrow } from "@/lib/datasets/load-from-db";
import { executeTask } from "@/lib/runs/execute-task";
import { RUN_SETTINGS_DEFAULTS } from "@/lib/settings/launch-options";
import { finishedTaskOf, finishResult } from "@/lib/runs/persist-result";
import { createSqlPool } from "@/lib/runs/sql";
import { createBufferedStepSink } from "@/lib/runs/step-store";
import { DATA_DIR } from "@/lib/test-support/db";
import { createAgent } from "@/lib/workbench/agents";
import { scriptedModel } from "@/lib/workbench/agents/scripted-model";
import { parseCall } from "@/lib/workbench/calls";
import { createProtocolEvaluator } from "@/lib/workbench/protocols";
import { createSandbox } from "@/lib/workbench/sandbox/sandbox";
import { ALL_TOOLS } from "@/lib/workbench/tools";

export interface SeededTrace {
  readonly runId: string;
  readonly resultId: string;
  readonly taskKey: string;
  /** Step count as written (20). */
  readonly steps: number;
  /** Index and full text of the longest observation (a search result). */
  readonly longest: { readonly index: number; readonly observation: string };
}

const SEARCHES = ["", "meeting", "update", "project", "report", "review", "team"];

function reactTurn(thought: string, action: string, input: unknown): { text: string } {
  const blob = JSON.stringify({ action, action_input: input }, null, 2);
  return { text: `Thought: ${thought}\nAction:\n\`\`\`json\n${blob}\n\`\`\`\n` };
}

/** Seeds one run with one result (`tag` names the run) into the database at `databaseUrl`; imports v1 first if needed. */
export async function seedLongTrace(databaseUrl: string, tag: string): Promise<SeededTrace> {
  const db = createPrismaClient(databaseUrl);
  const sql = createSqlPool(databaseUrl, { max: 2 });
  try {
    await importDataset(db, { dataDir: DATA_DIR, versions: ["v1"] });
    const dataset = await loadDatasetFromDbOrThrow(db, "v1");
    // An email task whose single ground-truth action deletes an email: the agent first deletes another.
    const deletes = dataset.tasks.filter((task) => task.groundTruth.length === 1 && task.groundTruth[0]!.startsWith("email.delete_email.func("));
    const task = deletes[0];
    const other = deletes.find((candidate) => candidate.groundTruth[0] !== task?.groundTruth[0]);
    if (!task || !other) throw new Error("trace fixture: no two email.delete_email tasks in v1");
    const gt = parseCall(task.groundTruth[0]!);
    const wrong = parseCall(other.groundTruth[0]!);
    if (!gt.ok || !wrong.ok) throw new Error("trace fixture: unparseable ground truth");

    const runId = randomUUID();
    const resultId = randomUUID();
    await sql.query(
      `INSERT INTO "Run" (id, name, "datasetId", "groundTruth", source, agent, provider, model, "toolSet", params, status, trials, "tasksTotal", "createdAt")
       SELECT $1, $2, v."datasetId", v.name, 'launched', 'react', 'openai', 'gpt-4-trace-fixture', 'all', '{}'::jsonb, 'running', 1, 1, now()
         FROM "GroundTruthVersion" v WHERE v.name = 'v1' AND v."datasetId" = (SELECT id FROM "Dataset" WHERE slug = 'workbench') LIMIT 1`,
      [runId, `trace fixture ${tag}`],
    );
    await sql.query(
      `INSERT INTO "TaskResult" (id, "runId", "taskId", trial, status, attempt, calls, "startedAt")
       SELECT $1, $2, t.id, 0, 'running', 1, '{}', now() FROM "Task" t JOIN "GroundTruthVersion" v ON v.id = t."versionId"
        WHERE v.name = 'v1' AND v."datasetId" = (SELECT id FROM "Dataset" WHERE slug = 'workbench') AND t.key = $3`,
      [resultId, runId, task.key],
    );

    const turns = [
      ...SEARCHES.map((query) => reactTurn(`I should look through the inbox${query ? ` for "${query}"` : ""} before acting.`, "email.search_emails", { query })),
      reactTurn("This looks like the email to delete.", wrong.call.tool, wrong.call.args),
      reactTurn("I deleted the wrong one; this is the email the request is about.", gt.call.tool, gt.call.args),
      reactTurn("Both deletions are done.", "Final Answer", "I have deleted the email."),
    ];
    const sink = createBufferedStepSink(sql, resultId, 1);
    const execution = await executeTask(task, {
      agent: createAgent("react"),
      sandbox: createSandbox(dataset.sandbox),
      tools: ALL_TOOLS,
      sink,
      engine: { dataDir: DATA_DIR },
      scorer: createProtocolEvaluator({ dataset, protocol: "2024" }),
      timeoutMs: 60_000,
      maxSteps: RUN_SETTINGS_DEFAULTS.maxSteps,
      temperature: RUN_SETTINGS_DEFAULTS.temperature,
      model: scriptedModel(turns),
    });
    const claim = { id: resultId, runId, taskKey: task.key, trial: 0, attempt: 1, calls: [] };
    const progress = await finishResult(sql, claim, finishedTaskOf(execution, 0, await sink.drain()));
    if (!progress) throw new Error("trace fixture: the result was not finished");
    const { rows } = await sql.query<{ index: number; observation: string | null }>(
      `SELECT index, observation FROM "Step" WHERE "resultId" = $1 ORDER BY index`,
      [resultId],
    );
    let longest = { index: -1, observation: "" };
    for (const row of rows) if ((row.observation ?? "").length > longest.observation.length) longest = { index: row.index, observation: row.observation ?? "" };
    return { runId, resultId, taskKey: task.key, steps: rows.length, longest };
  } finally {
    await sql.end();
    await db.$disconnect();
  }
}
