// Generated datasets: deterministic files, loadable by the official-layout loader, and every task
// sound — the oracle scores 100 % under both scorers, a do-nothing agent scores exactly the no-action
// share, and every id and address the ground truth uses is found by replaying the template's reads
// through the real tools (5-result search limits included).
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parseCall } from "../calls/parse-call";
import { loadDataset } from "../datasets";
import { type Evaluator } from "../evaluate";
import { createProtocolEvaluator, PROTOCOLS, type ProtocolId } from "../protocols";
import { createSandbox } from "../sandbox/sandbox";
import { ALL_TOOLS, executeCall, formatObservation } from "../tools";
import { datasetFiles, generateDataset, toEngineDataset, writeDataset } from "./index";
import { difficultyStats, hardTargets } from "./stats";

type Generated = ReturnType<typeof generateDataset>;
const cache = new Map<string, Generated>();
function generated(seed: number, scale: number, preset: "default" | "hard" = "default"): Generated {
  const key = `${seed}/${scale}/${preset}`;
  let value = cache.get(key);
  if (!value) {
    value = generateDataset({ seed, scale, preset });
    cache.set(key, value);
  }
  return value;
}

describe("determinism", () => {
  test("the same seed and parameters give byte-identical files; another seed differs", () => {
    const a = datasetFiles(generateDataset({ seed: 5, scale: 1 }));
    const b = datasetFiles(generateDataset({ seed: 5, scale: 1 }));
    const c = datasetFiles(generateDataset({ seed: 6, scale: 1 }));
    expect([...a.keys()]).toEqual([...b.keys()]);
    for (const [file, content] of a) expect(b.get(file), file).toBe(content);
    expect(a.get("v1/data/processed/emails.csv")).not.toBe(c.get("v1/data/processed/emails.csv"));
    expect(a.get("v1/data/processed/queries_and_answers/multi_domain_queries_and_answers.csv")).not.toBe(
      c.get("v1/data/processed/queries_and_answers/multi_domain_queries_and_answers.csv"),
    );
  });

  test("other parameters change the files too", () => {
    const base = datasetFiles(generated(1, 1));
    const hard = datasetFiles(generated(1, 1, "hard"));
    expect(hard.get("v1/data/processed/calendar_events.csv")).not.toBe(base.get("v1/data/processed/calendar_events.csv"));
    expect(JSON.parse(hard.get("generated.json") as string).params.preset).toBe("hard");
  });
});

describe("official layout", () => {
  test.each(["v1", "v2026"] as const)("the written files load through loadDataset (%s) as generated", async (version) => {
    const dataset = generated(1, 1);
    const dir = await mkdtemp(path.join(os.tmpdir(), "wb-gen-"));
    await writeDataset(dir, dataset);
    const loaded = await loadDataset(dir, version);
    expect(loaded).toEqual(toEngineDataset(dataset, version));
    const header = (await readFile(path.join(dir, "v1/data/processed/queries_and_answers/email_queries_and_answers.csv"), "utf8")).split("\n")[0];
    expect(header).toBe('"query","answer","base_template","chosen_template","domains"');
  });
});

const CASES: [number, number, "default" | "hard"][] = [
  [1, 1, "default"],
  [2, 1, "default"],
  [3, 1, "default"],
  [1, 10, "default"],
  [4, 1, "hard"],
  [5, 10, "hard"],
];

describe.each(CASES)("seed %i at %i× (%s)", (seed, scale, preset) => {
  test("oracle scores 100 % with no side effects under v1 and v2026; noop scores the no-action share", () => {
    const dataset = toEngineDataset(generated(seed, scale, preset));
    const noAction = dataset.tasks.filter((task) => task.groundTruth.length === 0).length;
    expect(noAction).toBeGreaterThan(0);
    // The v1 and v2026 scorers, and every revision of both protocols (2026 runs its own tools and parser).
    const evaluators: [string, Evaluator][] = [
      ["v1", createProtocolEvaluator({ dataset: dataset, protocol: "2024" })],
      ["v2026", createProtocolEvaluator({ dataset: dataset, protocol: "2026" })],
      ...(Object.keys(PROTOCOLS) as ProtocolId[]).flatMap((protocol) =>
        PROTOCOLS[protocol].revisions.map((revision) => [`protocol ${protocol}/${revision.id}`, createProtocolEvaluator({ protocol, dataset, revision: revision.id })] as [string, Evaluator]),
      ),
    ];
    for (const [scorer, evaluator] of evaluators) {
      const oracle = dataset.tasks.map((task) => evaluator.scoreTask(task, task.groundTruth, null));
      expect(oracle.filter((v) => !v.correct).length, `${scorer} oracle failures`).toBe(0);
      expect(oracle.filter((v) => v.sideEffects || v.failedCalls.length > 0).length).toBe(0);
      const noop = dataset.tasks.map((task) => evaluator.scoreTask(task, [], null));
      expect(noop.filter((v) => v.correct).length, `${scorer} noop`).toBe(noAction);
    }
  });

  test("every id and address in the ground truth is found by replaying the reads through the tools", () => {
    const { tasks, sandbox } = generated(seed, scale, preset);
    for (const task of tasks) {
      const observations: string[] = [];
      for (const raw of task.trail) {
        const parsed = parseCall(raw);
        if (!parsed.ok) throw new Error(`unparseable trail call ${raw}`);
        const tool = ALL_TOOLS.find((candidate) => candidate.name === parsed.call.tool);
        expect(tool?.hasSideEffects, raw).toBe(false);
        const outcome = executeCall(createSandbox(sandbox), parsed.call);
        expect(outcome.ok, raw).toBe(true);
        if (outcome.ok) observations.push(formatObservation(outcome.value));
      }
      const seen = observations.join("\n");
      for (const raw of task.calls) {
        const parsed = parseCall(raw);
        if (!parsed.ok) throw new Error(raw);
        for (const [name, value] of Object.entries(parsed.call.args)) {
          const needsLookup = name.endsWith("_id") || (value.includes("@") && !task.text.includes(value));
          if (needsLookup) expect(seen.includes(value), `${task.template.id}: ${name}=${value} not found by the reads of "${task.text}"`).toBe(true);
        }
      }
    }
  });
});

describe("templates", () => {
  test("at least 69 templates, per domain at least the paper's, and all 27 tools used", () => {
    const { tasks } = generated(1, 1);
    const templates = new Map(tasks.map((task) => [task.template.id, task.template]));
    expect(templates.size).toBeGreaterThanOrEqual(69);
    const perDomain = (domain: string) => [...templates.values()].filter((template) => template.domain === domain).length;
    const paper = { analytics: 12, calendar: 11, customer_relationship_manager: 8, email: 9, project_management: 8, multi_domain: 21 };
    for (const [domain, count] of Object.entries(paper)) expect(perDomain(domain), domain).toBeGreaterThanOrEqual(count);
    const used = new Set<string>();
    for (const task of tasks) {
      for (const raw of [...task.trail, ...task.calls]) {
        const parsed = parseCall(raw);
        if (parsed.ok) used.add(parsed.call.tool);
      }
    }
    expect([...used].sort()).toEqual(ALL_TOOLS.map((tool) => tool.name).sort());
  });

  test("task texts are unique and conditional tasks take both branches", () => {
    const { tasks } = generated(2, 1);
    expect(new Set(tasks.map((task) => task.text)).size).toBe(tasks.length);
    const conditional = tasks.filter((task) => task.template.conditional);
    expect(conditional.some((task) => task.calls.length === 0)).toBe(true);
    expect(conditional.some((task) => task.calls.length > 0)).toBe(true);
  });

  test("the hard preset has more distractors, longer chains, more conditional tasks and larger tables", () => {
    const base = generated(1, 1);
    const hard = generated(4, 1, "hard");
    const share = (g: Generated) => g.tasks.filter((task) => task.template.conditional).length / g.tasks.length;
    expect(share(hard)).toBeGreaterThan(share(base) + 0.1);
    const chain = (g: Generated) => Math.max(...g.tasks.filter((task) => task.template.id === "multi.chain").map((task) => task.calls.length));
    expect(chain(hard)).toBeGreaterThan(chain(base));
    const sharedFirstNames = (g: Generated) => g.world.people.length - new Set(g.world.people.map((person) => person.first)).size;
    expect(sharedFirstNames(hard)).toBeGreaterThan(sharedFirstNames(base));
    // Larger tables at the same --scale: every table has about a quarter more rows (tableScale 1.25).
    for (const table of ["calendar", "email", "analytics", "crm", "projectTasks", "people"] as const) {
      expect(hard.world[table].length / base.world[table].length, table).toBeGreaterThan(1.2);
    }
  });
});

describe("difficulty and counts", () => {
  test.each([[1, 1], [10, 1]] as const)("at %i× seed %i every template makes its share, and the hard preset meets its targets against the default", (scale, seed) => {
    const base = generated(seed, scale);
    const hard = generated(seed, scale, "hard");
    expect(base.shortfall).toEqual([]);
    expect(hard.shortfall).toEqual([]);
    const targets = hardTargets(difficultyStats(hard), difficultyStats(base));
    expect(targets.filter((target) => !target.met)).toEqual([]);
  });

  test("a workplace where every salesperson has more Lead customers than the bulk cap still makes the Lead templates (seed 7, 1×)", () => {
    const { shortfall, world } = generated(7, 1);
    const leads = new Map<string, number>();
    for (const row of world.crm) if (row.status === "Lead") leads.set(row.assigned_to_email as string, (leads.get(row.assigned_to_email as string) ?? 0) + 1);
    expect(Math.min(...world.people.filter((person) => person.team === "sales").map((person) => leads.get(person.email) ?? Infinity))).toBeGreaterThan(5);
    expect(shortfall.filter((short) => short.templateId.endsWith("-leads"))).toEqual([]);
  });

  test("the measures are recomputable from the written task files (answer and domains columns)", () => {
    const dataset = toEngineDataset(generated(1, 1, "hard"));
    const stats = difficultyStats(generated(1, 1, "hard"));
    const sandboxRows = Object.values(dataset.sandbox.tables).reduce((sum, table) => sum + table.rows.length, 0);
    expect(stats.rows).toBe(sandboxRows); // the plots table starts empty
    const calls = dataset.tasks.reduce((sum, task) => sum + task.groundTruth.length, 0) / dataset.tasks.length;
    expect(calls).toBeCloseTo(stats.meanCalls, 10);
    expect(dataset.tasks.filter((task) => task.toolkits.length >= 2).length / dataset.tasks.length).toBeCloseTo(stats.multiDomain, 10);
  });
});

describe("docs", () => {
  test("the docs map each of the paper's 69 templates (from the official task files when present) to templates that exist", async () => {
    const doc = await readFile(path.resolve(import.meta.dirname, "../../../docs/generated-workplaces.md"), "utf8");
    const section = doc.slice(doc.indexOf("## The paper's 69 templates and ours"), doc.indexOf("## Template inventory"));
    const rows = section.split("\n").filter((line) => /^\| \d+ \| /.test(line));
    expect(rows).toHaveLength(69);
    const ids = new Set(generated(1, 1).tasks.map((task) => task.template.id));
    for (const row of rows) {
      const named = [...(row.split(" | ")[2] ?? "").matchAll(/`([a-z-]+\.[a-z-]+)`/g)].map((match) => match[1] as string);
      expect(named.length, row).toBeGreaterThan(0);
      for (const id of named) expect(ids.has(id), `${id} in "${row}"`).toBe(true);
    }
    const official = path.resolve(import.meta.dirname, "../../../../shared/workbench/v1/data/processed/queries_and_answers");
    const files = await readdir(official).catch(() => [] as string[]);
    if (files.length > 0) {
      const bases = new Set<string>();
      for (const file of files) for (const row of parse(await readFile(path.join(official, file), "utf8"), { columns: true }) as { base_template: string }[]) bases.add(row.base_template);
      expect(bases.size).toBe(rows.length);
    }
  });

  test("the template inventory in docs/ lists every template with its tools", async () => {
    const whole = await readFile(path.resolve(import.meta.dirname, "../../../docs/generated-workplaces.md"), "utf8");
    const doc = whole.slice(whole.indexOf("## Template inventory"));
    const { tasks } = generated(1, 1);
    for (const template of new Map(tasks.map((task) => [task.template.id, task.template])).values()) {
      const line = doc.split("\n").find((text) => /^\| \d+ \|/.test(text) && text.includes(`\`${template.id}\``));
      expect(line, template.id).toBeDefined();
      expect(line).toContain(template.domain);
    }
  });
});
