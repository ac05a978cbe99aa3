// Loads and scores recorded results files (the `score` command's batch). Work is whole domains, taken
// largest first from one shared queue; with a large batch and a second core, a worker thread takes
// domains from the same queue as this thread. Each thread reads only the files of the domains it takes,
// so nothing is parsed twice, and a domain never straddles threads, so each task's ground-truth replay
// is still computed once (the evaluator caches it per task). Verdicts are the same whichever thread
// computed them, and come back in loadRecordedResultsDir's row order.
import { stat } from "node:fs/promises";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { resolveDataRoot } from "../datasets/data-dir";
import { loadDataset, loadTasks } from "../datasets/load-dataset";
import { DOMAINS, type Dataset, type Domain, type GroundTruthVersion, type Task } from "../datasets/types";
import { matchResultsToTasks, scoreRecordedResults, type RecordedVerdict } from "../evaluate/score-recorded";
import type { TaskVerdict } from "../evaluate/types";
import { createProtocolEvaluator, type ScoringConfig } from "../protocols";
import { loadRecordedResultsFiles, noResultsFiles, recordedResultsFiles } from "./load";
import type { RecordedRow } from "./types";

/**
 * Batches of at least this many bytes of results files are split over two threads. The second thread
 * saves wall time but never CPU: it starts an isolate, loads the dataset again and warms its own JIT,
 * about 0.35 s of CPU measured on the paper's 16 MB of results (5,520 rows: 1.1 s of CPU in one
 * thread against 1.5 s in two). So a batch of the paper's size is scored in one thread, and only a
 * batch several times larger, where that cost is a small share, is split.
 */
export const THREADED_MIN_BYTES = 64 * 1024 * 1024;

export interface ScoreFilesOptions {
  /** Data root holding v1/ (and v2026/). */
  readonly root: string;
  readonly resultsDir: string;
  /** Protocol, ground truth and revision to score under (resolveScoringConfig). */
  readonly scoring: ScoringConfig;
  /** 1 scores in this thread only, 2 always splits; default: 2 when the machine has two cores and the batch is THREADED_MIN_BYTES or more. */
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

/** What the helper thread is given: where the data is, how to score, and the queue to take domains from. */
export interface ThreadRequest {
  readonly root: string;
  readonly scoring: ScoringConfig;
  readonly queue: SharedDomainQueue;
}

export function createScoringEvaluator(scoring: ScoringConfig, target: Dataset) {
  return createProtocolEvaluator({ protocol: scoring.protocol, revision: scoring.revision, dataset: target });
}

type ScoringEvaluator = ReturnType<typeof createScoringEvaluator>;

/** v1's tasks (whose query texts the recorded rows are joined on) and the ground truth scored against. */
export interface ScoringData {
  readonly v1Tasks: readonly Task[];
  readonly target: Dataset;
}

export async function loadScoringData(dataDir: string, groundTruth: GroundTruthVersion): Promise<ScoringData> {
  const root = resolveDataRoot(dataDir);
  if (groundTruth === "v1") {
    const v1 = await loadDataset(root, "v1");
    return { v1Tasks: v1.tasks, target: v1 };
  }
  // Only v1's task texts are read: its sandbox tables would be loaded for nothing (in each thread).
  const [target, v1Tasks] = await Promise.all([
    loadDataset(root, groundTruth),
    Promise.all(DOMAINS.map((domain) => loadTasks(root, "v1", domain))).then((perDomain) => perDomain.flat()),
  ]);
  return { v1Tasks, target };
}

export function toPlainVerdict({ correct, sideEffects, exactMatch, error, diagnostics, failedCalls }: TaskVerdict): PlainVerdict {
  return { correct, sideEffects, exactMatch, error, diagnostics, failedCalls };
}

/** The fields of a row scoring reads, as plain data a thread can send. */
export function toPlainRow({ domain, model, toolSet, query, calls, error, file, line }: RecordedRow): RecordedRow {
  return { domain, model, toolSet, query, calls, error, file, line };
}

/** One domain and its results files, as the queue hands it out. */
export interface DomainFiles {
  readonly domain: Domain;
  readonly files: readonly string[];
}

/** One domain's rows, loaded and scored (in either thread). */
export async function scoreDomain({ domain, files }: DomainFiles, data: ScoringData, evaluator: ScoringEvaluator) {
  const rows = await loadRecordedResultsFiles(files, domain);
  return scoreRecordedResults(rows, matchResultsToTasks(rows, data.v1Tasks, data.target), evaluator);
}

/** Domains with results files, by their bytes, largest first; and the total bytes. */
async function domainsBySize(resultsDir: string): Promise<{ domains: DomainFiles[]; bytes: number }> {
  const sizes = await Promise.all(
    DOMAINS.map(async (domain) => {
      const files = await recordedResultsFiles(resultsDir, domain);
      const bytes = (await Promise.all(files.map(async (file) => (await stat(file)).size))).reduce((sum, size) => sum + size, 0);
      return { domain, files, bytes };
    }),
  );
  const present = sizes.filter((size) => size.files.length > 0).sort((a, b) => b.bytes - a.bytes);
  if (present.length === 0) throw noResultsFiles(resultsDir);
  return { domains: present.map(({ domain, files }) => ({ domain, files })), bytes: present.reduce((sum, size) => sum + size.bytes, 0) };
}

/**
 * The queue both threads take domains from: a shared counter, so the helper thread takes its next
 * domain the moment it is free, without waiting for this thread to read a message between two of its own.
 */
export interface SharedDomainQueue {
  readonly domains: readonly DomainFiles[];
  /** An Int32Array's buffer: the index of the next domain to take. */
  readonly next: SharedArrayBuffer;
}

export function takeDomain(queue: SharedDomainQueue): DomainFiles | null {
  const index = Atomics.add(new Int32Array(queue.next), 0, 1);
  return queue.domains[index] ?? null;
}

function threadEntry(): URL {
  // The compiled CLI (dist/) ships the thread as its own file; from sources it is this folder's .ts.
  const dist = (globalThis as { __workbenchDistDir?: string }).__workbenchDistDir;
  return dist ? new URL(`file://${dist}/score-thread.mjs`) : new URL("./score-thread.ts", import.meta.url);
}

/**
 * From the helper thread: the rows of one domain it took, each row's task (by key) and verdict; then
 * `done` when the queue is empty.
 */
export type ThreadMessage = DomainScored | { done: true } | { error: string };

interface DomainScored {
  readonly domain: Domain;
  readonly rows: readonly RecordedRow[];
  readonly taskKeys: readonly string[];
  readonly verdicts: readonly PlainVerdict[];
}

/** Starts the helper thread: it loads the dataset while this thread does, then takes domains from the queue. */
function startThread(request: ThreadRequest) {
  const entry = threadEntry();
  // From sources (tsx), the thread registers tsx's loader before importing its TypeScript entry.
  const worker = entry.pathname.endsWith(".ts")
    ? new Worker(`import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`, { eval: true, workerData: request })
    : new Worker(entry, { workerData: request });
  const scored = new Map<Domain, DomainScored>();
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
  return { finished: () => finished, stop: () => worker.terminate() };
}

export async function scoreRecordedFiles(options: ScoreFilesOptions): Promise<ScoredFiles> {
  // Listing and sizing the files takes milliseconds; a thread is started only when it will be used.
  const sizes = await domainsBySize(options.resultsDir);
  const queue: SharedDomainQueue = { domains: sizes.domains, next: new SharedArrayBuffer(4) };
  const threads = options.threads ?? (os.availableParallelism() > 1 && sizes.bytes >= THREADED_MIN_BYTES ? 2 : 1);
  const thread = threads > 1 ? startThread({ root: options.root, scoring: options.scoring, queue }) : null;
  try {
    const data = await loadScoringData(options.root, options.scoring.groundTruth);
    const evaluator = createScoringEvaluator(options.scoring, data.target);
    const local = new Map<Domain, RecordedVerdict[]>();
    for (let next = takeDomain(queue); next !== null; next = takeDomain(queue)) {
      local.set(next.domain, await scoreDomain(next, data, evaluator));
    }
    const remote = thread ? await thread.finished() : new Map();
    return { verdicts: merge(data, options.scoring, local, remote), threads: thread ? 2 : 1 };
  } finally {
    await thread?.stop();
  }
}

/** In loadRecordedResultsDir's order (domain, then file); the thread's verdicts get their diff computed here, if ever read. */
function merge(
  data: ScoringData,
  scoring: ScoringConfig,
  local: ReadonlyMap<Domain, readonly RecordedVerdict[]>,
  remote: ReadonlyMap<Domain, DomainScored>,
): RecordedVerdict[] {
  let evaluator: ScoringEvaluator | undefined;
  const targetByKey = new Map(data.target.tasks.map((task) => [task.key, task]));
  return DOMAINS.flatMap((domain) => {
    const mine = local.get(domain);
    if (mine) return mine;
    const theirs = remote.get(domain);
    if (!theirs) return [];
    return theirs.rows.map((result, index) => {
      const task = targetByKey.get(theirs.taskKeys[index]!) as Task;
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
