// The 2026 results reader on files in upstream inference.py's exact format (lib/runs/import/fixtures,
// written by make-results-2026.py with Python's csv / repr / json as the writer uses them).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadResultsFile2026, parseResultsFileName2026, providerOf } from "./load-2026";
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
