// `workbench run`: launch a run through the same path as the dashboard (launchRun + the pg-boss queue),
// work it with a local worker unless --no-worker, show progress from the Run row, print the summary.
import { SingleBar, Presets } from "cli-progress";
import type { Command } from "commander";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { rerunWithDatabase } from "../db/rerun-with-db";

interface RunOptions {
  agent: string;
  provider?: string;
  model?: string;
  baseUrl?: string;
  gt: string;
  toolSet: string;
  domains?: string;
  limit?: string;
  concurrency: string;
  trials: string;
  temperature?: string;
  maxSteps?: string;
  timeoutMs?: string;
  resultsFile?: string;
  name?: string;
  worker: boolean;
}

const FINAL_STATUSES = new Set(["completed", "cancelled", "failed"]);

export function register(program: Command): void {
  program
    .command("run")
    .description("Run an agent on the benchmark through the same queue as the dashboard")
    .requiredOption("--agent <kind>", "react | tools | oracle | noop | replay")
    .option("--provider <name>", "openai | anthropic | openai-compatible | mock")
    .option("--model <id>", "model id, e.g. gpt-4o")
    .option("--base-url <url>", "provider base URL (openai-compatible, mock)")
    .option("--gt <version>", "ground truth: v1 | v2026", "v1")
    .option("--tool-set <set>", "all | domains", "all")
    .option("--domains <list>", "comma-separated domain filter")
    .option("--limit <n>", "first N tasks only")
    .option("--concurrency <n>", "tasks at once (1-64)", "4")
    .option("--trials <k>", "runs per task", "1")
    .option("--temperature <t>")
    .option("--max-steps <n>")
    .option("--timeout-ms <ms>")
    .option("--results-file <csv>", "recorded results CSV to replay (--agent replay)")
    .option("--name <name>")
    .option("--no-worker", "only enqueue: separate `npm run worker` processes do the work")
    .action(async (options: RunOptions) => {
      process.exitCode = await runCommand(options);
    });
}

/** Flags → launch input; the schema validates and coerces (the same rules as the dashboard's form). */
function toRequest(options: RunOptions): Record<string, unknown> {
  const domains = options.domains?.split(",").map((domain) => domain.trim()).filter(Boolean);
  return {
    agent: options.agent, provider: options.provider, model: options.model, baseUrl: options.baseUrl,
    groundTruth: options.gt, toolSet: options.toolSet, domains, limit: options.limit,
    concurrency: options.concurrency, trials: options.trials, temperature: options.temperature,
    maxSteps: options.maxSteps, timeoutMs: options.timeoutMs, resultsFile: options.resultsFile, name: options.name,
  };
}

/** The CLI flag a schema field comes from, so an error names what the user typed (--gt, --tool-set). */
export function flagOf(field: PropertyKey | undefined): string {
  if (field === undefined) return "input";
  if (field === "groundTruth") return "--gt";
  return `--${String(field).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

async function runCommand(options: RunOptions): Promise<number> {
  const { launchRunInputSchema } = await import("@/lib/runs/launch-input");
  const parsed = launchRunInputSchema.safeParse(toRequest(options));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${flagOf(issue.path[0])}: ${issue.message}`);
    return 2;
  }
  if (!process.env.DATABASE_URL) {
    return rerunWithDatabase(); // the embedded database, started (or attached to) for this command
  }
  const { prisma } = await import("@/lib/db");
  const { getBoss, stopBoss } = await import("@/lib/runs/boss");
  const { launchRun } = await import("@/lib/runs/launch");
  const { startWorker } = await import("@/lib/runs/worker");
  const { cancelRun } = await import("@/lib/runs/cancel");
  const { formatRunSummary, getRunSummary } = await import("@/lib/runs/summary");

  const { LaunchError } = await import("@/lib/runs/launch");
  const boss = await getBoss();
  const worker = options.worker
    ? await startWorker({ db: prisma, boss, concurrency: parsed.data.concurrency, log: () => undefined })
    : null;
  try {
    const { runId, tasksTotal } = await launchRun(parsed.data, { db: prisma, boss });
    console.log(`Run ${runId}: ${tasksTotal} task(s) queued${worker ? "" : " (no local worker: start `npm run worker`)"}`);
    const status = await followRun(prisma, runId, tasksTotal, () => void cancelRun(prisma, runId));
    const summary = await getRunSummary(prisma, runId);
    if (summary) console.log(formatRunSummary(summary));
    return status === "completed" ? 0 : 1;
  } catch (error) {
    if (!(error instanceof LaunchError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await worker?.stop();
    await stopBoss();
    await prisma.$disconnect();
  }
}

/** Progress bar fed by polling the Run row until a final status; the first Ctrl-C cancels the run. */
async function followRun(prisma: PrismaClient, runId: string, tasksTotal: number, cancel: () => void): Promise<string> {
  const onInterrupt = () => {
    console.log("\nCancelling: running tasks finish, pending ones are skipped (Ctrl-C again to quit now)");
    process.off("SIGINT", onInterrupt);
    cancel();
  };
  process.on("SIGINT", onInterrupt);
  const bar = new SingleBar({ format: "{bar} {value}/{total} tasks | {status} | accuracy {accuracy}", hideCursor: true }, Presets.shades_classic);
  bar.start(tasksTotal, 0, { status: "queued", accuracy: "-" });
  let status = "queued";
  while (!FINAL_STATUSES.has(status)) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, tasksDone: true, correctCount: true } });
    status = run.status;
    const accuracy = run.tasksDone ? `${((run.correctCount / run.tasksDone) * 100).toFixed(1)} %` : "-";
    bar.update(run.tasksDone, { status, accuracy });
  }
  bar.stop();
  process.off("SIGINT", onInterrupt);
  return status;
}

