// The 2026 results reader on files in upstream inference.py's exact format (lib/runs/import/fixtures,
// written by make-results-2026.py with Python's csv / repr / json as the writer uses them).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadResultsFile2026, loadResultsHeader2026, parseResultsFileName2026, providerOf, streamResultsFile2026 } from "./load-2026";
import { outputOfAgentResult } from "./agent-result";

const EMAIL = path.resolve(import.meta.dirname, "../../runs/import/fixtures/results-2026/email/gpt-5.4-mini_all_2026-06-03_17-59-59.csv.gz");

describe("loadResultsFile2026", () => {
  test("reads rows, calls, final output, metadata and logged traces", async () => {
    const file = await loadResultsFile2026(EMAIL, "email");
    expect(file.meta).toMatchObject({ model_name: "gpt-5.4-mini", provider: "openai", tool_selection: "all", structured_outputs: true });
    expect(file.traced).toBe(true);
    expect(file.rows.map((row) => [row.query, row.calls.length, row.error])).toEqual([
      ["Delete my last email from nadia", 2, ""],
      ["Delete my last email from sofia", 1, ""],
      ["Delete my last email from anaya", 0, "Context window exceeded"],
      ["Delete my last email from yuki", 2, ""],
    ]);
    // The writer escapes quotes, backslashes and newlines inside the call string (actions.py _escape_arg_value).
    expect(file.rows[3]?.calls[0]).toBe('email.send_email.func(recipient="yuki@atlas.com", subject="Re: \\"hello\\"", body="line 1\\nC:\\\\temp")');
    const [nadia, , anaya] = file.rows;
    expect(nadia?.calls).toEqual(['email.search_emails.func(query="nadia")', 'email.delete_email.func(email_id="00000479")']);
    expect(nadia?.finalOutput).toBe("I deleted Nadia's most recent email.");
    expect(nadia?.steps?.map((step) => step.tool)).toEqual(["email.search_emails", "email.delete_email"]);
    expect(anaya).toMatchObject({ finalOutput: null, steps: [] });
  });

  test("an older meta without provider or ground truth still loads; the provider follows the model id", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "results-2026-"));
    try {
      const base = path.join(dir, "deepseek-v4-pro_domains_2026-05-19_16-02-27");
      await fs.copyFile(EMAIL, `${base}.csv.gz`);
      const meta = JSON.parse(await fs.readFile(EMAIL.replace(".csv.gz", "_meta.json"), "utf8"));
      const { provider: _provider, base_url: _baseUrl, ground_truth_version: _gt, ...older } = meta;
      await fs.writeFile(`${base}_meta.json`, JSON.stringify({ ...older, model_name: "deepseek-v4-pro", model_id: "deepseek/deepseek-v4-pro", tool_selection: "domains", log_traces: false }));
      const file = await loadResultsFile2026(`${base}.csv.gz`, "email");
      expect(providerOf(file.meta)).toBe("openrouter");
      expect(file.traced).toBe(false);
      expect(file.rows[0]?.steps).toBeNull();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  test("file names and AgentResult reprs", () => {
    expect(parseResultsFileName2026("x/gpt-5.4-mini_all_2026-06-03_17-59-59.csv.gz")).toEqual({ model: "gpt-5.4-mini", toolSet: "all", timestamp: "2026-06-03_17-59-59" });
    expect(parseResultsFileName2026("x/gpt-5.4-mini_2026-06-03.csv.gz")).toBeNull();
    expect(outputOfAgentResult(`AgentResult(output="it's done", intermediate_steps=[], trace=[])`)).toBe("it's done");
    expect(outputOfAgentResult("")).toBeNull();
  });
});

// A batch holds the thoughts its rows keep (each becomes a step's text, copied several times on its way
// to the database) but not the prompts, which are dropped once a row is built: of two traces files of
// the same size, the one whose bulk is in the thoughts closes its batches sooner.
describe("streamResultsFile2026 batches", () => {
  const PAD = 100_000;

  async function batchSizes(bulkIn: "llm_input" | "llm_output"): Promise<number[]> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "results-2026-batches-"));
    try {
      const base = path.join(dir, "gpt-5.4-mini_all_2026-06-03_17-59-59");
      await fs.copyFile(EMAIL, `${base}.csv.gz`);
      await fs.copyFile(EMAIL.replace(".csv.gz", "_meta.json"), `${base}_meta.json`);
      const traces = JSON.parse(await fs.readFile(EMAIL.replace(".csv.gz", "_traces.json"), "utf8")) as { steps: Record<string, unknown>[] }[];
      for (const entry of traces) if (entry.steps[0]) entry.steps[0][bulkIn] = "x".repeat(PAD);
      await fs.writeFile(`${base}_traces.json`, JSON.stringify(traces, null, 2));
      const sizes: number[] = [];
      for await (const batch of streamResultsFile2026(await loadResultsHeader2026(`${base}.csv.gz`, "email"), { rows: 50, chars: 2.5 * PAD })) {
        sizes.push(batch.length);
        if (bulkIn === "llm_output") for (const row of batch) for (const step of row.steps ?? []) expect(step.log.length === PAD || step.log.length < 1_000).toBe(true);
      }
      return sizes;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  test("the bulk in the prompts: rows up to the size budget; in the thoughts: counted thrice, a padded row alone", async () => {
    const traces = JSON.parse(await fs.readFile(EMAIL.replace(".csv.gz", "_traces.json"), "utf8")) as { steps: unknown[] }[];
    expect(traces.map((entry) => entry.steps.length > 0)).toEqual([true, true, false, true]);
    // 100k, 200k, 200k (anaya: no steps), 300k ≥ 250k (plus a few k of CSV fields and other steps): one batch.
    expect(await batchSizes("llm_input")).toEqual([4]);
    // 300k each for a padded row: nadia, sofia, then anaya with yuki.
    expect(await batchSizes("llm_output")).toEqual([1, 1, 2]);
  });
});
