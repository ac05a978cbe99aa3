// The helper thread of scoreRecordedFiles: loads the dataset at once, says it is ready, then scores
// one domain per request and posts back one plain verdict per row, in loadRecordedResultsDir's order.
import { parentPort, workerData } from "node:worker_threads";
import type { Domain } from "../datasets/types";
import { matchResultsToTasks, scoreRecordedResults } from "../evaluate/score-recorded";
import { loadRecordedResultsDir } from "./load";
import { createScoringEvaluator, loadScoringData, toPlainVerdict, type ThreadRequest } from "./score-files";

const request = workerData as ThreadRequest;
const port = parentPort;
if (!port) throw new Error("score-thread.ts runs as a worker thread");

try {
  const { v1, target } = await loadScoringData(request.root, request.scoring.groundTruth);
  // One evaluator for every domain it is given: ground-truth replays stay cached per task.
  const evaluator = createScoringEvaluator(request.scoring, target);
  port.on("message", async ({ domain }: { domain: Domain }) => {
    try {
      const results = await loadRecordedResultsDir(request.resultsDir, [domain]);
      const verdicts = scoreRecordedResults(results, matchResultsToTasks(results, v1.tasks, target), evaluator);
      port.postMessage({ domain, verdicts: verdicts.map(({ verdict }) => toPlainVerdict(verdict)) });
    } catch (error) {
      port.postMessage({ error: error instanceof Error ? error.message : String(error) });
    }
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
