// The helper thread of scoreRecordedFiles: loads the dataset at once, then, given the shared domain
// queue, takes domains from it until it is empty, posting each domain's rows (what scoring reads, in
// loadRecordedResultsDir's order) with their plain verdicts, and then `done`.
import { parentPort, workerData } from "node:worker_threads";
import { createScoringEvaluator, loadScoringData, scoreDomain, takeDomain, toPlainRow, toPlainVerdict, type SharedDomainQueue, type ThreadMessage, type ThreadRequest } from "./score-files";

const request = workerData as ThreadRequest;
const port = parentPort;
if (!port) throw new Error("score-thread.ts runs as a worker thread");
const post = (message: ThreadMessage) => port.postMessage(message);

try {
  const loading = loadScoringData(request.root, request.scoring.groundTruth);
  loading.catch(() => undefined); // its failure is reported when awaited below, not as an unhandled rejection
  const queue = await new Promise<SharedDomainQueue>((resolve) => port.once("message", resolve));
  const data = await loading;
  // One evaluator for every domain it takes: ground-truth replays stay cached per task.
  const evaluator = createScoringEvaluator(request.scoring, data.target);
  for (let domain = takeDomain(queue); domain !== null; domain = takeDomain(queue)) {
    const scored = await scoreDomain(request.resultsDir, domain, data, evaluator);
    post({ domain, rows: scored.map(({ result }) => toPlainRow(result)), verdicts: scored.map(({ verdict }) => toPlainVerdict(verdict)) });
  }
  post({ done: true });
} catch (error) {
  post({ error: error instanceof Error ? error.message : String(error) });
}
