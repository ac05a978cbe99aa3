// The helper thread of scoreRecordedFiles: loads the dataset at once, then, given the shared domain
// queue, takes domains from it until it is empty, posting one plain verdict per row of each domain
// (in loadRecordedResultsDir's order) and then `done`.
import { parentPort, workerData } from "node:worker_threads";
import { matchResultsToTasks, scoreRecordedResults } from "../evaluate/score-recorded";
import { loadRecordedResultsDir } from "./load";
import { createScoringEvaluator, loadScoringData, takeDomain, toPlainVerdict, type SharedDomainQueue, type ThreadMessage, type ThreadRequest } from "./score-files";

const request = workerData as ThreadRequest;
const port = parentPort;
if (!port) throw new Error("score-thread.ts runs as a worker thread");
const post = (message: ThreadMessage) => port.postMessage(message);

try {
  const loading = loadScoringData(request.root, request.scoring.groundTruth);
  loading.catch(() => undefined); // its failure is reported when awaited below, not as an unhandled rejection
  const queue = await new Promise<SharedDomainQueue>((resolve) => port.once("message", resolve));
  const { v1, target } = await loading;
  // One evaluator for every domain it takes: ground-truth replays stay cached per task.
  const evaluator = createScoringEvaluator(request.scoring, target);
  for (let domain = takeDomain(queue); domain !== null; domain = takeDomain(queue)) {
    const results = await loadRecordedResultsDir(request.resultsDir, [domain]);
    const verdicts = scoreRecordedResults(results, matchResultsToTasks(results, v1.tasks, target), evaluator);
    post({ domain, verdicts: verdicts.map(({ verdict }) => toPlainVerdict(verdict)) });
  }
  post({ done: true });
} catch (error) {
  post({ error: error instanceof Error ? error.message : String(error) });
}
