import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { expect, test } from "vitest";
import { TEMPLATES } from "./templates";
import { PAPER_TEMPLATES } from "./paper-templates";

test("69 paper templates, per domain as many as the paper has, each covered by templates the generator has", () => {
  expect(PAPER_TEMPLATES.map((entry) => entry.row)).toEqual(Array.from({ length: 69 }, (_, index) => index + 1));
  const perDomain = (domain: string) => PAPER_TEMPLATES.filter((entry) => entry.domain === domain).length;
  expect({
    analytics: perDomain("analytics"), calendar: perDomain("calendar"), customer_relationship_manager: perDomain("customer_relationship_manager"),
    email: perDomain("email"), project_management: perDomain("project_management"), multi_domain: perDomain("multi_domain"),
  }).toEqual({ analytics: 12, calendar: 11, customer_relationship_manager: 8, email: 9, project_management: 8, multi_domain: 21 });
  const ids = new Set(TEMPLATES.map((template) => template.id));
  for (const entry of PAPER_TEMPLATES) {
    expect(entry.ours.length, String(entry.row)).toBeGreaterThan(0);
    for (const id of entry.ours) expect(ids.has(id), `${id} (row ${entry.row})`).toBe(true);
  }
});

test("the same generator templates as the docs' table, row by row", async () => {
  const doc = await readFile(path.resolve(import.meta.dirname, "../../../docs/generated-workplaces.md"), "utf8");
  const section = doc.slice(doc.indexOf("## The paper's 69 templates and ours"), doc.indexOf("## Template inventory"));
  const rows = section.split("\n").filter((line) => /^\| \d+ \| /.test(line));
  expect(rows.map((row) => [...(row.split(" | ")[2] ?? "").matchAll(/`([a-z-]+\.[a-z-]+)`/g)].map((match) => match[1]))).toEqual(
    PAPER_TEMPLATES.map((entry) => [...entry.ours]),
  );
});

test("the paper texts are the official files' base templates, each once, in each file's order", async () => {
  const official = path.resolve(import.meta.dirname, "../../../../shared/workbench/v1/data/processed/queries_and_answers");
  const files = await readdir(official).catch(() => [] as string[]);
  if (files.length === 0) return; // the official files are optional in unit tests
  for (const file of files) {
    const domain = file.replace("_queries_and_answers.csv", "");
    const bases = [...new Set((parse(await readFile(path.join(official, file), "utf8"), { columns: true }) as { base_template: string }[]).map((row) => row.base_template))];
    expect(PAPER_TEMPLATES.filter((entry) => entry.domain === domain).map((entry) => entry.paper), domain).toEqual(bases);
  }
});
