// The launch's configuration checks answer every refused field at once, also for a form the schema
// refused for other fields (the server action merges both).
import { describe, expect, test } from "vitest";
import { checkLaunchChoices, choiceProblemsOf, fieldErrorsOf } from "./launch-checks";
import { launchFormToObject, launchRunInputSchema } from "./launch-input";

const fieldsOf = (problems: readonly { field: string }[]) => problems.map((problem) => problem.field).sort();

describe("checkLaunchChoices", () => {
  test("a foreign base URL on a keyed endpoint, an effort the model does not take and a revision the protocol lacks: all three, beside their fields", () => {
    const input = launchRunInputSchema.parse({ agent: "tools", endpoint: "openai", model: "gpt-4o", baseUrl: "http://127.0.0.1:9/v1", reasoningEffort: "high", protocol: "2024", scoringRevision: "2026-07" });
    const checked = checkLaunchChoices(input);
    expect(fieldsOf(checked.problems)).toEqual(["baseUrl", "reasoningEffort", "scoringRevision"]);
    expect(checked).toMatchObject({ scoring: null, target: null, requestParams: null });
    expect(fieldErrorsOf(checked.problems).scoringRevision?.[0]).toContain("protocol 2024 has revisions 2024 (got 2026-07)");
  });

  test("the in-process mock with a reasoning effort its model does not take: only the effort is refused", () => {
    const checked = checkLaunchChoices(launchRunInputSchema.parse({ agent: "tools", endpoint: "mock", model: "gpt-4o", reasoningEffort: "high" }));
    expect(fieldsOf(checked.problems)).toEqual(["reasoningEffort"]);
    expect(checked.target).toMatchObject({ endpoint: "mock", kind: "mock" });
  });

  test("a valid choice has no problem and carries what launch stores", () => {
    const checked = checkLaunchChoices(launchRunInputSchema.parse({ agent: "react", endpoint: "mock", model: "oracle" }));
    expect(checked.problems).toEqual([]);
    expect(checked.scoring).toMatchObject({ protocol: "2024" });
    expect(checked.requestParams).toMatchObject({ stopSequences: expect.any(String) });
  });
});

describe("choiceProblemsOf (a form the schema refused)", () => {
  function form(fields: Record<string, string>): Record<string, unknown> {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    return launchFormToObject(data);
  }

  test("with an invalid limit and concurrency, the configuration's problems come too: schema and checks together name every field", () => {
    const raw = form({ agent: "tools", endpoint: "openai", model: "gpt-4o", baseUrl: "http://127.0.0.1:9/v1", protocol: "2024", scoringRevision: "2026-07", limit: "abc", concurrency: "999" });
    const schema = launchRunInputSchema.safeParse(raw);
    expect(schema.success).toBe(false);
    const schemaFields = [...new Set(schema.error?.issues.map((issue) => String(issue.path[0])))].sort();
    expect(schemaFields).toEqual(["concurrency", "limit"]);
    expect(fieldsOf(choiceProblemsOf(raw))).toEqual(["baseUrl", "scoringRevision"]);
  });

  test("a field the schema refused is left out of the checks (no second message about it); no valid agent, nothing to check", () => {
    expect(choiceProblemsOf(form({ agent: "tools", endpoint: "openai", model: "gpt-4o", baseUrl: "file:///etc/passwd" }))).not.toContainEqual(expect.objectContaining({ field: "baseUrl" }));
    expect(choiceProblemsOf(form({ agent: "gpt", scoringRevision: "2026-07", protocol: "2024" }))).toEqual([]);
    expect(fieldsOf(choiceProblemsOf(form({ agent: "oracle", scoringRevision: "2026-07", protocol: "2024", limit: "0" })))).toEqual(["scoringRevision"]);
  });
});
