// A large v1 results file for the import memory bench and test: the paper's rows of one file, each
// row's full_response padded (an extra `'notes'` key in the repr dict, which the importer parses and
// ignores) until the file reaches the size asked for. Real queries, so every row matches its task.
import { mkdir, open, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

const SOURCE = "multi_domain/gpt-4_all_2024-03-23_21-17-32.csv";

export interface LargeResultsFile {
  readonly dir: string;
  readonly file: string;
  readonly bytes: number;
  readonly rows: number;
}

/** Writes `<dir>/multi_domain/<model>_all_2024-03-23_21-17-32.csv` of about `targetBytes`. */
export async function writeLargeResultsFile(dataDir: string, dir: string, model: string, targetBytes: number): Promise<LargeResultsFile> {
  const records: string[][] = parse(await readFile(path.join(dataDir, "v1/data/results", SOURCE), "utf8"));
  const [header, ...rows] = records as [string[], ...string[][]];
  const responseColumn = header.indexOf("full_response");
  const sourceBytes = Buffer.byteLength(stringify(records, { quoted: true }));
  const padPerRow = Math.max(0, Math.ceil((targetBytes - sourceBytes) / rows.length));
  const file = path.join(dir, "multi_domain", `${model}_all_2024-03-23_21-17-32.csv`);
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, "w");
  try {
    await handle.write(stringify([header], { quoted: true }));
    for (const [index, row] of rows.entries()) {
      const response = row[responseColumn] ?? "";
      // Varied text (not one repeated byte), so compression or interning cannot make it cheap.
      const pad = padding(index, padPerRow);
      const padded = response.startsWith("{") ? `{'notes': '${pad}', ${response.slice(1)}` : response;
      await handle.write(stringify([row.map((field, column) => (column === responseColumn ? padded : field))], { quoted: true }));
    }
  } finally {
    await handle.close();
  }
  const { size } = await stat(file);
  return { dir, file, bytes: size, rows: rows.length };
}

function padding(seed: number, length: number): string {
  const words = ["thought", "action", "observation", "email", "calendar", "analytics", "search", "result", "plan"];
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < length; i += 1) {
    const word = `${words[(seed + i * 7) % words.length]}${(seed * 31 + i) % 997} `;
    parts.push(word);
    size += word.length;
  }
  return parts.join("").slice(0, length);
}
