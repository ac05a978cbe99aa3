// Loads and scores recorded results files (the `score` command's batch). Work is whole domains, taken
// largest first from one shared queue; with a large batch and a second core, a worker thread takes
// domains from the same queue as this thread. Each thread reads only the files of the domains it takes,
// so nothing is parsed twice, and a domain never straddles threads, so each task's ground-truth replay
// is still computed once (the evaluator caches it per task). Verdicts are the same whichever thread
// computed them, and come back in loadRecordedResultsDir's row order.
import { stat } from "node:fs/promises";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { loadDataset } from "../datasets/load-dataset";
import { DOMAINS, type Dataset, type Domain, type GroundTruthVersion } from "../datasets/types";
import { matchResultsToTasks, scoreRecordedResults, type RecordedVerdict } from "../evaluate/score-recorded";
import type { TaskVerdict } from "../evaluate/types";
import { createProtocolEvaluator, type ScoringConfig } from "../protocols";
import { loadRecordedResultsDir, noResultsFiles, recordedResultsFiles } from "./load";
import type { RecordedRow } from "./types";

/**
 * Batches of at least this many bytes of results files are split over two threads: a thread costs
 * about 0.2 s of CPU to start and load the dataset (the 5,520 recorded results are 16 MB).
 */
export const THREADED_MIN_BYTES = 4 * 1024 * 1024;

export interface ScoreFilesOptions {
  /** Data root holding v1/ (and v2026/). */
  readonly root: string;
  readonly resultsDir: string;
  /** Protocol, ground truth and revision to score under (resolveScoringConfig). */
  readonly scoring: ScoringConfig;
  /** 1 scores in this thread only, 2 always splits; default: 2 when the machine has two cores and the batch is large. */
  readonly threads?: number;
}

export interface ScoredFiles {
  /** One per recorded row; the rows carry what scoring reads (no full_response trace). */
  readonly verdicts: RecordedVerdict[];
  /** How many threads scored. */
  readonly threads: number;
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

/** The fields of a row scoring reads, as plain data a thread can send. */
export function toPlainRow({ domain, model, toolSet, query, calls, error, file, line }: RecordedRow): RecordedRow {
  return { domain, model, toolSet, query, calls, error, file, line };
}

/** One domain's rows, loaded and scored (in either thread). */
export async function scoreDomain(resultsDir: string, domain: Domain, data: Awaited<ReturnType<typeof loadScoringData>>, evaluator: ReturnType<typeof createScoringEvaluator>) {
  const rows = await loadRecordedResultsDir(resultsDir, [domain]);
  return scoreRecordedResults(rows, matchResultsToTasks(rows, data.v1.tasks, data.target), evaluator);
}

/** Domains with results files, by their bytes, largest first; and the total. */
async function domainsBySize(resultsDir: string): Promise<{ domains: Domain[]; bytes: number }> {
  const sizes = await Promise.all(
    DOMAINS.map(async (domain) => {
      const files = await recordedResultsFiles(resultsDir, domain);
      const bytes = (await Promise.all(files.map(async (file) => (await stat(file)).size))).reduce((sum, size) => sum + size, 0);
      return { domain, files: files.length, bytes };
    }),
  );
  const present = sizes.filter((size) => size.files > 0).sort((a, b) => b.bytes - a.bytes);
  if (present.length === 0) throw noResultsFiles(resultsDir);
  return { domains: present.map((size) => size.domain), bytes: present.reduce((sum, size) => sum + size.bytes, 0) };
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

/** From the helper thread: the rows and verdicts of one domain it took, then `done` when the queue is empty. */
export type ThreadMessage = { domain: Domain; rows: RecordedRow[]; verdicts: PlainVerdict[] } | { done: true } | { error: string };

/**
 * Starts the helper thread at once, so it loads the dataset while this thread lists and loads.
 * `start(queue)` lets it take domains; `finished()` resolves with what it scored, per domain.
 */
function startThread(request: ThreadRequest) {
  const entry = threadEntry();
  // From sources (tsx), the thread registers tsx's loader before importing its TypeScript entry.
  const worker = entry.pathname.endsWith(".ts")
    ? new Worker(`import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`, { eval: true, workerData: request })
    : new Worker(entry, { workerData: request });
  const scored = new Map<Domain, { rows: RecordedRow[]; verdicts: PlainVerdict[] }>();
  const finished = new Promise<typeof scored>((resolve, reject) => {
    worker.on("message", (message: ThreadMessage) => {
      if ("error" in message) reject(new Error(message.error));
      else if ("done" in message) resolve(scored);
      else scored.set(message.domain, message);
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
  const threads = options.threads ?? (os.availableParallelism() > 1 ? 2 : 1);
  const thread = threads > 1 ? startThread({ root: options.root, resultsDir: options.resultsDir, scoring: options.scoring }) : null;
  try {
    const [data, sizes] = await Promise.all([loadScoringData(options.root, options.scoring.groundTruth), domainsBySize(options.resultsDir)]);
    const evaluator = createScoringEvaluator(options.scoring, data.target);
    const queue: SharedDomainQueue = { domains: sizes.domains, next: new SharedArrayBuffer(4) };
    const split = thread !== null && (options.threads === 2 || sizes.bytes >= THREADED_MIN_BYTES);
    if (split) thread.start(queue);
    const local = new Map<Domain, RecordedVerdict[]>();
    for (let domain = takeDomain(queue); domain !== null; domain = takeDomain(queue)) {
      local.set(domain, await scoreDomain(options.resultsDir, domain, data, evaluator));
    }
    const remote = split ? await thread.finished() : new Map();
    return { verdicts: merge(data, options.scoring, local, remote), threads: split ? 2 : 1 };
  } finally {
    await thread?.stop();
  }
}

/** In loadRecordedResultsDir's order (domain, then file); the thread's verdicts get their diff computed here, if ever read. */
function merge(
  data: Awaited<ReturnType<typeof loadScoringData>>,
  scoring: ScoringConfig,
  local: ReadonlyMap<Domain, readonly RecordedVerdict[]>,
  remote: ReadonlyMap<Domain, { readonly rows: readonly RecordedRow[]; readonly verdicts: readonly PlainVerdict[] }>,
): RecordedVerdict[] {
  let evaluator: ReturnType<typeof createScoringEvaluator> | undefined;
  return DOMAINS.flatMap((domain) => {
    const mine = local.get(domain);
    if (mine) return mine;
    const theirs = remote.get(domain);
    if (!theirs) return [];
    const tasks = matchResultsToTasks(theirs.rows, data.v1.tasks, data.target);
    return theirs.rows.map((result, index) => {
      const task = tasks[index]!;
      let diff: TaskVerdict["diffVsGroundTruth"] | undefined;
      const verdict: TaskVerdict = {
        ...theirs.verdicts[index]!,
        get diffVsGroundTruth() {
          evaluator ??= createScoringEvaluator(scoring, data.target);
          diff ??= evaluator.scoreTask(task, result.calls, result.error === "" ? null : result.error).diffVsGroundTruth;
          return diff;
        },
      };
      return { result, task, verdict };
    });
  });
}
