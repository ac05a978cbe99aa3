// WorkBench's own phrasings on the official tasks (fails without the official data, like the loader's tests).
import { describe, expect, test } from "vitest";
import { loadTasks } from "../load-dataset";
import { resolveDataRoot } from "../data-dir";
import { DOMAINS, type GroundTruthVersion } from "../types";
import { testDataDir } from "../../test-support/data-dir";
import { PHRASINGS, phraseTasks, recoverSlotValues, templateWordings } from "./phrasings";
import { renderTemplate, slotAssignments } from "./template-slots";
import type { Task } from "../types";

const root = resolveDataRoot(testDataDir());
const allTasks = async (version: GroundTruthVersion) => (await Promise.all(DOMAINS.map((domain) => loadTasks(root, version, domain)))).flat();
const v1 = await allTasks("v1");
const v2026 = await allTasks("v2026");

describe("slot values recovered from the official v1 tasks", () => {
  const recovered = recoverSlotValues(v1);

  test("every one of the 690 queries re-renders byte for byte from its own phrasing and the recovered values", () => {
    const failures = v1.filter((task) => {
      const values = recovered.get(task.key);
      return !values || "error" in values || renderTemplate(task.chosenTemplate, values) !== task.text;
    });
    expect(v1).toHaveLength(690);
    expect(failures.map((task) => task.key)).toEqual([]);
  });

  test("texts that parse several ways take the values their slots take elsewhere ({more_or_less} is 'more' or 'less')", () => {
    const ambiguous = v1.filter((task) => slotAssignments(task.chosenTemplate, task.text).length > 1);
    expect(ambiguous.length).toBeGreaterThan(0);
    for (const task of ambiguous) {
      const values = recovered.get(task.key) as Record<string, string>;
      expect(["more", "less"]).toContain(values.more_or_less);
      expect(values.natural_language_metric).toMatch(/^(total visits|engaged users|average session duration|session count|page views)$/);
    }
  });
});

describe("wordings of the 69 templates", () => {
  const wordings = templateWordings(v1);

  test("each template has three: 66 as WorkBench wrote them, one from its base text, two written here", () => {
    expect(wordings.size).toBe(69);
    expect([...wordings.values()].every((list) => list.length === 3)).toBe(true);
    const sources = [...wordings.values()].map((list) => list.map((wording) => wording.source).join(","));
    expect(sources.filter((s) => s === "workbench,workbench,workbench")).toHaveLength(66);
    expect(sources.filter((s) => s.endsWith("base-template"))).toHaveLength(1);
    expect(sources.filter((s) => s.endsWith("written-here"))).toHaveLength(2);
  });

  test("a written wording keeps every slot of the template and every quoted literal", () => {
    for (const [base, list] of wordings) {
      const written = list.find((wording) => wording.source === "written-here");
      if (!written) continue;
      const slots = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
      expect(slots(written.template)).toEqual(slots(base));
      for (const literal of base.match(/'[A-Z][^'{}]*'/g) ?? []) expect(written.template).toContain(literal);
    }
  });
});

describe("the official tasks in every phrasing", () => {
  const byKey = new Map(v1.map((task) => [task.key, task] as const));

  test.each(PHRASINGS)("%s: all 690 tasks, each with its source's key, domain, ground truth, template and toolkits", (phrasing) => {
    const { tasks, unphrased } = phraseTasks(v1, phrasing);
    expect(unphrased).toEqual([]);
    expect(tasks).toHaveLength(690);
    for (const task of tasks) {
      const source = byKey.get(task.key) as Task;
      expect([task.domain, task.position, task.groundTruth, task.baseTemplate, task.toolkits]).toEqual([
        source.domain, source.position, source.groundTruth, source.baseTemplate, source.toolkits,
      ]);
      expect(task.phrasing).toBe(phrasing);
      if (phrasing === "original") expect(task.text).toBe(source.text);
      else expect(task.text).not.toBe(source.text);
    }
  });

  test("alt-1 and alt-2 are the template's two other wordings, each filled with the source's values", () => {
    const alt1 = phraseTasks(v1, "alt-1").tasks;
    const alt2 = phraseTasks(v1, "alt-2").tasks;
    for (const [index, task] of v1.entries()) {
      const a = alt1[index] as Task;
      const b = alt2[index] as Task;
      expect(new Set([task.chosenTemplate, a.chosenTemplate, b.chosenTemplate]).size).toBe(3);
      // The wording is filled back: matching the new text against the new wording gives the source's values.
      expect(slotAssignments(a.chosenTemplate, a.text).length).toBeGreaterThan(0);
    }
    expect(alt1.filter((task) => task.wordingSource !== "workbench").length + alt2.filter((task) => task.wordingSource !== "workbench").length).toBe(30);
  });
});

describe("v2026 worded with v1's phrasings", () => {
  const wordings = templateWordings(v1);
  const v1Text = new Map(v1.map((task) => [task.key, task.text] as const));

  test.each(["alt-1", "alt-2"] as const)("%s: the tasks whose text v2026 kept are phrased, the ones it revised are named with the reason", (phrasing) => {
    const { tasks, unphrased } = phraseTasks(v2026, phrasing, wordings);
    const revised = v2026.filter((task) => task.text !== v1Text.get(task.key)).map((task) => task.key);
    expect(revised.length).toBeGreaterThan(0);
    expect(unphrased.map((entry) => entry.key)).toEqual(revised);
    expect(tasks).toHaveLength(690 - revised.length);
    for (const entry of unphrased) expect(entry.reason).toMatch(/matches none of its template's known wordings/);
    // The same values as v1's task of that key: the paraphrase is v1's paraphrase, with v2026's answer.
    const v1Phrased = new Map(phraseTasks(v1, phrasing).tasks.map((task) => [task.key, task.text] as const));
    for (const task of tasks) expect(task.text).toBe(v1Phrased.get(task.key));
  });
});

describe("slot matching", () => {
  test("a slot that stands twice holds one value", () => {
    expect(slotAssignments("Update {c} to {s}: {c} is now {s}", "Update Ann to won: Ann is now won")).toEqual([{ c: "Ann", s: "won" }]);
    expect(slotAssignments("Update {c} to {s}: {c} is now {s}", "Update Ann to won: Bo is now won")).toEqual([]);
  });

  test("adjacent slots give every split", () => {
    expect(slotAssignments("was {m} {x} than 3", "was total visits more than 3")).toEqual([
      { m: "total", x: "visits more" },
      { m: "total visits", x: "more" },
    ]);
  });

  test("a wording needing a slot the text did not give is an error, not a guess", () => {
    expect(() => renderTemplate("Hi {name} on {day}", { name: "Ann" })).toThrow(/\{day\}/);
  });
});
