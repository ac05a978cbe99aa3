// Loads one ground-truth version: its sandbox and its 690 tasks, from the original file layout.
import path from "node:path";
import { parseCallList } from "../calls/call-list";
import { PythonSyntaxError } from "../calls/python-string";
import { DOMAINS, type Dataset, type Domain, type GroundTruthVersion, type Task } from "./types";
import { parseCsvWithHeader, readFileOrThrow } from "./csv-file";
import { resolveDataRoot, v1Paths, v2026Paths } from "./data-dir";
import { DatasetError } from "./errors";
import { loadSandboxData } from "./load-sandbox";

/** Where each version keeps its task files and what it calls the text / answer columns. */
const LAYOUTS: Record<GroundTruthVersion, { dir: (root: string) => string; suffix: string; text: string; answer: string }> = {
  v1: { dir: (root) => v1Paths(root).tasks, suffix: "_queries_and_answers.csv", text: "query", answer: "answer" },
  v2026: { dir: (root) => v2026Paths(root).tasks, suffix: "_tasks_and_outcomes.csv", text: "task", answer: "outcome" },
};

export async function loadDataset(dataDir: string, version: GroundTruthVersion): Promise<Dataset> {
  const root = resolveDataRoot(dataDir);
  const [sandbox, perDomain] = await Promise.all([
    loadSandboxData(root, version),
    Promise.all(DOMAINS.map((domain) => loadTasks(root, version, domain))),
  ]);
  return { version, sandbox, tasks: perDomain.flat() };
}

export async function loadTasks(root: string, version: GroundTruthVersion, domain: Domain): Promise<Task[]> {
  const layout = LAYOUTS[version];
  const file = path.join(/*turbopackIgnore: true*/ layout.dir(root), `${domain}${layout.suffix}`);
  const required = [layout.text, layout.answer, "base_template", "chosen_template", "domains"];
  const { records, lines } = parseCsvWithHeader(file, await readFileOrThrow(file), required);
  return records.map((record, position) => {
    const line = lines[position] as number;
    return {
      key: taskKey(domain, position),
      domain,
      position,
      text: record[layout.text] as string,
      groundTruth: readList(file, line, layout.answer, record[layout.answer] as string),
      baseTemplate: record.base_template as string,
      chosenTemplate: record.chosen_template as string,
      toolkits: readList(file, line, "domains", record.domains as string),
    };
  });
}

/** `${domain}/${position padded to 3}`, stable across versions. */
export function taskKey(domain: Domain, position: number): string {
  return `${domain}/${String(position).padStart(3, "0")}`;
}

function readList(file: string, line: number, column: string, text: string): string[] {
  try {
    return parseCallList(text);
  } catch (error) {
    if (!(error instanceof PythonSyntaxError)) throw error;
    throw new DatasetError("bad_value", file, line, `column "${column}" is not a Python list of strings: ${error.message}`);
  }
}
