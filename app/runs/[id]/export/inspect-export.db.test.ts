// The run page's "Inspect log" download: /runs/<id>/export?format=inspect answers the run as an Inspect
// eval log (a JSON attachment that validates as EvalLog), 404 for an unknown run.
import { afterAll, beforeAll, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, waitForRun, type RunsTestContext } from "@/lib/test-support/db";
import { evalLogErrors } from "@/lib/test-support/inspect-schema";
import { launchRun } from "@/lib/runs/launch";
import { startWorker, type WorkerHandle } from "@/lib/runs/worker";
import { GET } from "./route";

let context: RunsTestContext;
let worker: WorkerHandle;

beforeAll(async () => {
  context = await setUpRunsTest();
  worker = await startWorker({ db: context.db, concurrency: 4, idlePollMs: 100, log: () => undefined });
});

afterAll(async () => {
  await worker?.stop();
  await tearDownRunsTest(context);
});

const get = (id: string) => GET(new Request(`http://studio.test/runs/${id}/export?format=inspect`), { params: Promise.resolve({ id }) });

test("a finished run downloads as an Inspect eval log; an unknown run is 404", async () => {
  const { runId } = await launchRun({ agent: "oracle", limit: 3, concurrency: 3 }, context);
  await waitForRun(context.db, runId);
  const response = await get(runId);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="run-${runId}.inspect.json"`);
  const log = (await response.json()) as { samples: { id: string }[]; eval: { run_id: string } };
  expect(evalLogErrors(log)).toEqual([]);
  expect(log.eval.run_id).toBe(runId);
  expect(log.samples).toHaveLength(3);
  expect((await get("no-such-run")).status).toBe(404);
});
