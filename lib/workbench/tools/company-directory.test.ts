import { describe, expect, test } from "vitest";
import { createSandbox } from "../sandbox/sandbox";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { realSandboxData } from "../test-support/real-sandbox";
import { executeCall } from ".";

const find = (args: Record<string, string>, data = fixtureSandboxData()) =>
  executeCall(createSandbox(data), { tool: "company_directory.find_email_address", args, raw: "" });

describe("company_directory.find_email_address", () => {
  test.each([
    [{}, "Name not provided."],
    [{ name: "" }, "Name not provided."],
    [{ name: "Luis" }, "['luis.ortiz@atlas.com']"],
    [{ name: "LUIS ORTIZ" }, "[]"],
    [{ name: "l.*z" }, "['carlos.rodriguez@atlas.com' 'luis.ortiz@atlas.com']"],
    [{ name: "zzz" }, "[]"],
  ])("%j → %s", (args, expected) => {
    expect(find(args).observation).toBe(expected);
  });

  test("the full directory prints as numpy wraps it (75 columns)", () => {
    const outcome = find({ name: "@" }, realSandboxData());
    const lines = outcome.observation.split("\n");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((line) => line.length <= 75)).toBe(true);
    expect(lines[1]?.startsWith(" '")).toBe(true);
    expect(outcome.ok && (outcome.value as { items: string[] }).items).toHaveLength(20);
  });

  test("an invalid regex raises re.error", () => {
    expect(find({ name: "[" })).toMatchObject({ ok: false, errorType: "re.error" });
  });
});
