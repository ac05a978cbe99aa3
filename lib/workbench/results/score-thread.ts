// The helper thread of scoreRecordedFiles: loads the dataset at once, then takes domains from the
// shared queue until it is empty, posting each domain's rows (what scoring reads, in file order) with
// their tasks' keys and plain verdicts, and then `done`.
import { parentPort, workerData } from "node:worker_threads";
import { createScoringEvaluator, loadScoringData, scoreDomain, takeDomain, toPlainRow, toPlainVerdict, type ThreadMessage, type ThreadRequest } from "./score-files";
import { errorMessage } from "../core/errors";

const { root, scoring, queue } = workerData as ThreadRequest;
const port = parentPort;
if (!port) throw new Error("score-thread.ts runs as a worker thread");
const post = (message: ThreadMessage) => port.postMessage(message);

try {
  const data = await loadScoringData(root, scoring.groundTruth);
  // One evaluator for every domain it takes: ground-truth replays stay cached per task.
  const evaluator = createScoringEvaluator(scoring, data.target);
  for (let next = takeDomain(queue); next !== null; next = takeDomain(queue)) {
    const scored = await scoreDomain(next, data, evaluator);
    post({
      domain: next.domain,
      rows: scored.map(({ result }) => toPlainRow(result)),
      taskKeys: scored.map(({ task }) => task.key),
      verdicts: scored.map(({ verdict }) => toPlainVerdict(verdict)),
    });
  }
  post({ done: true });
} catch (error) {
  post({ error: errorMessage(error) });
}
