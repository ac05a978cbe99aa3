// The step route (app/runs/[id]/tasks/[resultId]/steps/[index]/route.ts) answers a folded text whole,
// and only for a step of that result of that run: another run's id, another result's id or a step the
// result does not have is a 404 that carries nothing. Two traces are written as a launched run writes
// them (scripts/bench/trace-page-fixture.ts), and the answers are checked against the stored rows.
import { beforeAll, expect, test } from "vitest";
import pg from "pg";
import { seedLongTrace, type SeededTrace } from "@/scripts/bench/trace-page-fixture";
import { GET } from "@/app/runs/[id]/tasks/[resultId]/steps/[index]/route";
import { buildDiffView } from "@/lib/traces/diff-view";

let first: SeededTrace;
let second: SeededTrace;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run db tests through scripts/with-db.ts");
  first = await seedLongTrace(url, "step-route-a");
  second = await seedLongTrace(url, "step-route-b");
}, 180_000);

function get(runId: string, resultId: string, index: string) {
  return GET(new Request(`http://localhost/runs/${runId}/tasks/${resultId}/steps/${index}`), { params: Promise.resolve({ id: runId, resultId, index }) });
}

async function storedStep(resultId: string, index: number) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ kind: string; text: string | null; observation: string | null; diff: unknown }>(
      `SELECT kind, text, observation, diff FROM "Step" WHERE "resultId" = $1 AND index = $2`,
      [resultId, index],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

test("the fixture writes 20 steps whose longest observation is a search result of several emails", () => {
  expect(first.steps).toBe(20);
  expect(first.longest.observation.length).toBeGreaterThan(1_500);
  expect(first.longest.observation).toContain("'email_id'");
});

test("a step of the result is answered whole: the stored observation and model text, nothing else", async () => {
  const response = await get(first.runId, first.resultId, String(first.longest.index));
  expect(response.status).toBe(200);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["diff", "index", "kind", "observation", "text"]);
  expect(body).toMatchObject({ index: first.longest.index, kind: "tool", observation: first.longest.observation });

  const model = await get(first.runId, first.resultId, "0");
  const stored = await storedStep(first.resultId, 0);
  expect(stored?.kind).toBe("model");
  expect(await model.json()).toMatchObject({ index: 0, kind: "model", text: stored?.text, diff: [] });
});

test("a write step's state change is answered as the diff tables the page would show", async () => {
  const stored = await storedStep(first.resultId, 17);
  expect(stored?.kind).toBe("tool");
  const body = (await (await get(first.runId, first.resultId, "17")).json()) as { diff: { table: string; counts: unknown; rows: { kind: string; key: string }[] }[] };
  expect(body.diff).toEqual(buildDiffView(stored?.diff));
  expect(body.diff).toHaveLength(1);
  expect(body.diff[0]).toMatchObject({ table: "email", counts: { inserted: 0, deleted: 1, changed: 0 } });
});

test.each<[string, () => [string, string, string]]>([
  ["another run's id with this result", () => [second.runId, first.resultId, "1"]],
  ["this run with another run's result", () => [first.runId, second.resultId, "1"]],
  ["a step past the end", () => [first.runId, first.resultId, "20"]],
  ["a negative index", () => [first.runId, first.resultId, "-1"]],
  ["an index that is not a number", () => [first.runId, first.resultId, "1e1"]],
  ["an unknown run", () => ["no-such-run", first.resultId, "1"]],
])("%s: 404 with no step data", async (_label, ids) => {
  const [runId, resultId, index] = ids();
  const response = await get(runId, resultId, index);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: "Step not found" });
});

test("with STUDIO_PRIVATE=1 the step route, like its page, sends a visitor without a session to sign-in (proxy.ts)", async () => {
  const { NextRequest } = await import("next/server");
  const { proxy } = await import("@/proxy");
  const saved = { private: process.env.STUDIO_PRIVATE, password: process.env.STUDIO_ADMIN_PASSWORD };
  process.env.STUDIO_PRIVATE = "1";
  process.env.STUDIO_ADMIN_PASSWORD ||= `pw-${Math.random().toString(36).slice(2)}-Secret`;
  try {
    const page = `/runs/${first.runId}/tasks/${first.resultId}`;
    for (const path of [page, `${page}/steps/${first.longest.index}`]) {
      const response = await proxy(new NextRequest(`http://127.0.0.1:3000${path}`));
      expect(response.status).toBe(307);
      expect(response.headers.get("location")).toContain(`/sign-in?next=${encodeURIComponent(path)}`);
    }
  } finally {
    if (saved.private === undefined) delete process.env.STUDIO_PRIVATE;
    else process.env.STUDIO_PRIVATE = saved.private;
    if (saved.password === undefined) delete process.env.STUDIO_ADMIN_PASSWORD;
  }
});
