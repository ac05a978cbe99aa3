// Every message string the tools return, read from their own sources (ours and upstream 2026's
// Python), must be classified: a refusal, or a result. A new message fails here until it is listed.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { isToolRefusal, toolCallStatus } from "./refusals";

const TOOL_FILES = ["calendar", "email", "analytics", "project-management", "customer-relationship-manager", "company-directory", "tool-helpers"];
const UPSTREAM_2026 = path.resolve(__dirname, "../../../../shared/workbench/v2026/src/tools");

/** `return "…"`, `noId: "…"`, `: "…"` (ternary branches) and `${noun}` templates with their nouns. */
function messagesInOurTools(): Set<string> {
  const found = new Set<string>();
  for (const name of TOOL_FILES) {
    const source = fs.readFileSync(path.join(__dirname, `${name}.ts`), "utf8");
    const code = source.split("\n").filter((line) => !/description|^\s*(\/\/|\*)/.test(line)).join("\n");
    for (const match of code.matchAll(/(?:return|noId:|notFound:|\?|:)\s*"([A-Z][^"\n]*[.'])"/g)) found.add(match[1]!);
    for (const match of source.matchAll(/return `\$\{noun\} ([^`]*)`/g)) for (const noun of ["Event", "Email", "Task", "Customer"]) found.add(`${noun} ${match[1]}`);
  }
  return found;
}

function messagesUpstream(): Set<string> {
  const found = new Set<string>();
  for (const file of fs.readdirSync(UPSTREAM_2026).filter((f) => f.endsWith(".py"))) {
    const source = fs.readFileSync(path.join(UPSTREAM_2026, file), "utf8");
    for (const match of source.matchAll(/return (?:df, )?f?"([A-Z{][^"\n]*[.'}])"/g)) {
      const text = match[1]!;
      if (!text.includes("{")) found.add(text);
      else if (text.startsWith("{record_name}")) for (const noun of ["Event", "Email", "Task", "Customer"]) found.add(text.replace("{record_name}", noun));
      else if (!text.startsWith("{")) found.add(text.replace(/\{[^}]*\}/g, "'x'"));
    }
  }
  return found;
}

/** Messages that report a result, not a refusal. */
const RESULTS = new Set([
  "No events found.", "No emails found.", "No employee found with that name.",
  "Event updated successfully.", "Event deleted successfully.", "Email sent successfully.", "Email deleted successfully.",
  "Email forwarded successfully.", "Email replied successfully.", "Task updated successfully.", "Task deleted successfully.",
  "Customer updated successfully.", "Customer deleted successfully.",
]);

describe("isToolRefusal", () => {
  const ours = messagesInOurTools();
  const upstream = fs.existsSync(UPSTREAM_2026) ? messagesUpstream() : new Set<string>();

  test("the sources hold the refusals the reference documents", () => {
    for (const message of ["Email ID not provided.", "Email not found.", "Invalid recipient email address.", "Missing task details.", "Field not found."]) {
      expect(ours).toContain(message);
    }
    expect(ours.size).toBeGreaterThan(30);
  });

  test.each([...ours].sort())("ours: %s is classified", (message) => {
    expect(isToolRefusal(message)).toBe(!RESULTS.has(message));
  });

  test.each([...upstream].sort())("upstream 2026: %s is classified", (message) => {
    expect(isToolRefusal(message)).toBe(!RESULTS.has(message));
  });

  test.each([
    "[{'event_id': '00000035', 'event_name': 'Email not found.'}]",
    "00000300",
    "plots/2023-11-01_2023-11-29_total_visits_bar.png",
    "",
    "Event not found. ".repeat(40),
  ])("a result is not a refusal: %s", (observation) => {
    expect(isToolRefusal(observation)).toBe(false);
  });

  test("status: a raised call failed, a refused one ran but did nothing", () => {
    expect(toolCallStatus(false, "TypeError: x")).toBe("failed");
    expect(toolCallStatus(true, "Email not found.")).toBe("refused");
    expect(toolCallStatus(null, "Email sent successfully.")).toBe("ok");
  });
});
