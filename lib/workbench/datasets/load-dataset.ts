// Loads one ground-truth version: its sandbox and its 690 tasks, from the original file layout.
import { readdirSync } from "node:fs";
import path from "node:path";
import { parseCallList } from "../calls/call-list";
import { PythonSyntaxError } from "../calls/python-string";
import { DOMAINS, type Dataset, type Domain, type GroundTruthVersion, type Task } from "./types";
import { toToolkit } from "./toolkits";
import { parseCsvWithHeader, readFileOrThrow, requireDataRows } from "./csv-file";
import { resolveDataRoot, v1Paths, v2026Paths } from "./data-dir";
import { DatasetError } from "./errors";
import { loadSandboxData } from "./load-sandbox";

/** Where each version keeps its task files and what it calls the text / answer columns. */
const LAYOUTS: Record<GroundTruthVersion, { dir: (root: string) => string; suffix: string; text: string; answer: string }> = {
  v1: { dir: (root) => v1Paths(root).tasks, suffix: "_queries_and_answers.csv", text: "query", answer: "answer" },
  v2026: { dir: (root) => v2026Paths(root).tasks, suffix: "_tasks_and_outcomes.csv", text: "task", answer: "outcome" },
};

/** A version's task file for one domain (under `root`; relative when `root` is ""). */
export function taskFile(root: string, version: GroundTruthVersion, domain: Domain): string {
  const layout = LAYOUTS[version];
  return path.join(/*turbopackIgnore: true*/ layout.dir(root), `${domain}${layout.suffix}`);
}

/** What a version's task files call the task text and the answer (ground-truth calls) columns. */
export function taskColumns(version: GroundTruthVersion): readonly [text: string, answer: string] {
  return [LAYOUTS[version].text, LAYOUTS[version].answer];
}

export async function loadDataset(dataDir: string, version: GroundTruthVersion): Promise<Dataset> {
  const root = resolveDataRoot(dataDir);
  rejectUnknownTaskFiles(root, version);
  const [sandbox, perDomain] = await Promise.all([
    loadSandboxData(root, version),
    Promise.all(DOMAINS.map((domain) => loadTasks(root, version, domain))),
  ]);
  return { version, sandbox, tasks: perDomain.flat() };
}

export async function loadTasks(root: string, version: GroundTruthVersion, domain: Domain): Promise<Task[]> {
  const layout = LAYOUTS[version];
  const file = taskFile(root, version, domain);
  const required = [layout.text, layout.answer, "base_template", "chosen_template", "domains"];
  const { records, lines } = requireDataRows(file, parseCsvWithHeader(file, await readFileOrThrow(file), required));
  const firstLineOfText = new Map<string, number>();
  return records.map((record, position) => {
    const line = lines[position] as number;
    const text = record[layout.text] as string;
    // The evaluator joins recorded answers to tasks by their text: two rows with one text are one task twice.
    const earlier = firstLineOfText.get(text);
    if (earlier !== undefined) throw new DatasetError("duplicate_row", file, line, `duplicate task (same ${layout.text} as line ${earlier})`);
    firstLineOfText.set(text, line);
    return {
      key: taskKey(domain, position),
      domain,
      position,
      text: record[layout.text] as string,
      groundTruth: readList(file, line, layout.answer, record[layout.answer] as string),
      baseTemplate: record.base_template as string,
      chosenTemplate: record.chosen_template as string,
      toolkits: readToolkits(file, line, record.domains as string),
    };
  });
}

/** A task file for a domain the benchmark does not have would be silently left out: refuse it. */
function rejectUnknownTaskFiles(root: string, version: GroundTruthVersion) {
  const layout = LAYOUTS[version];
  const dir = layout.dir(root);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // missing folder: loadTasks reports each missing file
  }
  for (const name of names) {
    if (!name.endsWith(".csv")) continue;
    const domain = name.endsWith(layout.suffix) ? name.slice(0, -layout.suffix.length) : name;
    if (!(DOMAINS as readonly string[]).includes(domain)) {
      throw new DatasetError("unknown_domain", path.join(dir, name), null, `unknown domain "${domain}" (expected one of ${DOMAINS.join(", ")})`);
    }
  }
}

function readToolkits(file: string, line: number, text: string): string[] {
  const toolkits = readList(file, line, "domains", text);
  const unknown = toolkits.find((name) => toToolkit(name) === undefined);
  if (unknown !== undefined) throw new DatasetError("unknown_domain", file, line, `column "domains": unknown domain "${unknown}"`);
  return toolkits;
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
