// Loads and scores recorded results files (the `score` command's batch): with a large batch and a
// second core, a worker thread scores about half of the domains while this thread scores the rest.
// Domains never straddle threads, so each task's ground-truth replay is still computed once (the
// evaluator caches it per task). Verdicts are the same whichever thread computed them.
import os from "node:os";
import { Worker } from "node:worker_threads";
import { loadDataset } from "../datasets/load-dataset";
import { DOMAINS, type Dataset, type Domain, type GroundTruthVersion, type Task } from "../datasets/types";
import { matchResultsToTasks, scoreRecordedResults, type RecordedVerdict } from "../evaluate/score-recorded";
import type { TaskVerdict } from "../evaluate/types";
import { createProtocolEvaluator, type ScoringConfig } from "../protocols";
import { loadRecordedResultsDir } from "./load";
import type { RecordedResult } from "./types";

/** Batches at least this large are split over two threads (a thread costs ~0.2 s to start and load). */
export const THREADED_MIN_RESULTS = 2_000;

export interface ScoreFilesOptions {
  /** Data root holding v1/ (and v2026/). */
  readonly root: string;
  readonly resultsDir: string;
  /** Protocol, ground truth and revision to score under (resolveScoringConfig). */
  readonly scoring: ScoringConfig;
  /** 1 scores in this thread only; default: 2 when the machine has two cores. */
  readonly threads?: number;
}

export interface ScoredFiles {
  readonly verdicts: RecordedVerdict[];
  /** Milliseconds spent before scoring started in this thread (loading). */
  readonly loadMs: number;
}

/** What a thread sends back per result row: the verdict without its lazily computed diff. */
export type PlainVerdict = Omit<TaskVerdict, "diffVsGroundTruth">;

export interface ThreadRequest {
  readonly root: string;
  readonly resultsDir: string;
  readonly scoring: ScoringConfig;
}

export function createScoringEvaluator(scoring: ScoringConfig, target: Dataset) {
  return createProtocolEvaluator({ protocol: scoring.protocol, revision: scoring.revision, dataset: target });
}

export async function loadScoringData(root: string, groundTruth: GroundTruthVersion) {
  const v1 = await loadDataset(root, "v1");
  const target = groundTruth === "v1" ? v1 : await loadDataset(root, groundTruth);
  return { v1, target };
}

export function toPlainVerdict({ correct, sideEffects, exactMatch, error, diagnostics, failedCalls }: TaskVerdict): PlainVerdict {
  return { correct, sideEffects, exactMatch, error, diagnostics, failedCalls };
}

/** Domains with rows, largest first: both threads take the next one from this queue when free. */
function domainQueue(results: readonly RecordedResult[]): Domain[] {
  const counts = DOMAINS.map((domain) => ({ domain, n: results.filter((result) => result.domain === domain).length }));
  return counts.filter((entry) => entry.n > 0).sort((a, b) => b.n - a.n).map((entry) => entry.domain);
}

/**
 * The queue both threads take domains from: a shared counter, so the helper thread takes its next
 * domain the moment it is free, without waiting for this thread to read a message between two of its own.
 */
export interface SharedDomainQueue {
  readonly domains: readonly Domain[];
  /** An Int32Array's buffer: the index of the next domain to take. */
  readonly next: SharedArrayBuffer;
}

export function takeDomain(queue: SharedDomainQueue): Domain | null {
  const index = Atomics.add(new Int32Array(queue.next), 0, 1);
  return queue.domains[index] ?? null;
}

function threadEntry(): URL {
  // The compiled CLI (dist/) ships the thread as its own file; from sources it is this folder's .ts.
  const dist = (globalThis as { __workbenchDistDir?: string }).__workbenchDistDir;
  return dist ? new URL(`file://${dist}/score-thread.mjs`) : new URL("./score-thread.ts", import.meta.url);
}

/** From the helper thread: the verdicts of one domain it took, then `done` when the queue is empty. */
export type ThreadMessage = { domain: Domain; verdicts: PlainVerdict[] } | { done: true } | { error: string };

/**
 * Starts the helper thread at once, so it loads the dataset while this thread loads the results.
 * `start(queue)` lets it take domains; `finished()` resolves with the verdicts of those it took.
 */
function startThread(request: ThreadRequest) {
  const entry = threadEntry();
  // From sources (tsx), the thread registers tsx's loader before importing its TypeScript entry.
  const worker = entry.pathname.endsWith(".ts")
    ? new Worker(`import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`, { eval: true, workerData: request })
    : new Worker(entry, { workerData: request });
  const scored = new Map<Domain, PlainVerdict[]>();
  const finished = new Promise<Map<Domain, PlainVerdict[]>>((resolve, reject) => {
    worker.on("message", (message: ThreadMessage) => {
      if ("error" in message) reject(new Error(message.error));
      else if ("done" in message) resolve(scored);
      else scored.set(message.domain, message.verdicts);
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the scoring thread exited (code ${code}) before it finished`)));
  });
  finished.catch(() => undefined); // read by finished(); a failure before then must not be unhandled
  return {
    start: (queue: SharedDomainQueue) => worker.postMessage(queue),
    finished: () => finished,
    stop: () => worker.terminate(),
  };
}

export async function scoreRecordedFiles(options: ScoreFilesOptions): Promise<ScoredFiles> {
  const started = performance.now();
  const threads = options.threads ?? (os.availableParallelism() > 1 ? 2 : 1);
  const thread = threads > 1 ? startThread({ root: options.root, resultsDir: options.resultsDir, scoring: options.scoring }) : null;
  try {
    const [{ v1, target }, results] = await Promise.all([loadScoringData(options.root, options.scoring.groundTruth), loadRecordedResultsDir(options.resultsDir)]);
    const tasks = matchResultsToTasks(results, v1.tasks, target);
    const loadMs = performance.now() - started;
    const evaluator = createScoringEvaluator(options.scoring, target);
    if (!thread || results.length < THREADED_MIN_RESULTS) return { verdicts: scoreRecordedResults(results, tasks, evaluator), loadMs };
    const queue: SharedDomainQueue = { domains: domainQueue(results), next: new SharedArrayBuffer(4) };
    thread.start(queue);
    const local = new Map<Domain, RecordedVerdict[]>();
    for (let domain = takeDomain(queue); domain !== null; domain = takeDomain(queue)) {
      const mine = indexesOf(results, [domain]);
      local.set(domain, scoreRecordedResults(mine.map((i) => results[i]!), mine.map((i) => tasks[i]!), evaluator));
    }
    return { verdicts: merge(results, tasks, target, options.scoring, local, await thread.finished()), loadMs };
  } finally {
    await thread?.stop();
  }
}

const indexesOf = (results: readonly RecordedResult[], domains: readonly Domain[]) =>
  results.flatMap((result, index) => (domains.includes(result.domain) ? [index] : []));

/** Back in the original row order; the thread's verdicts get their diff computed here, if ever read. */
function merge(
  results: readonly RecordedResult[],
  tasks: readonly Task[],
  target: Dataset,
  scoring: ScoringConfig,
  local: ReadonlyMap<Domain, readonly RecordedVerdict[]>,
  remote: ReadonlyMap<Domain, readonly PlainVerdict[]>,
): RecordedVerdict[] {
  const at = new Map<Domain, number>();
  let evaluator: ReturnType<typeof createScoringEvaluator> | undefined;
  return results.map((result, index) => {
    const position = at.get(result.domain) ?? 0;
    at.set(result.domain, position + 1);
    const mine = local.get(result.domain);
    if (mine) return mine[position]!;
    const plain = remote.get(result.domain)?.[position];
    if (!plain) throw new Error(`no verdict for ${result.file}:${result.line}`);
    const task = tasks[index]!;
    let diff: TaskVerdict["diffVsGroundTruth"] | undefined;
    const verdict: TaskVerdict = {
      ...plain,
      get diffVsGroundTruth() {
        evaluator ??= createScoringEvaluator(scoring, target);
        diff ??= evaluator.scoreTask(task, result.calls, result.error === "" ? null : result.error).diffVsGroundTruth;
        return diff;
      },
    };
    return { result, task, verdict };
  });
}
