// The streaming results reader (imports) against the whole-file one (score): the same rows from the
// paper's files, read by a different parser (csv-parse's stream API vs the fast scan); batches within
// their limits; and the same refusals, naming file and line, for malformed files.
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { resolveDataDir } from "../datasets/data-dir";
import { DOMAINS } from "../datasets/types";
import { loadRecordedResultsFile } from "./load";
import { streamRecordedResultsFile, type BatchLimits } from "./stream";
import { streamCsvWithHeader } from "../datasets/csv-stream";

const RESULTS = path.join(resolveDataDir(process.env, path.resolve(import.meta.dirname, "../../..")), "v1/data/results");
const HEADER = '"query","function_calls","full_response","error"\n';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "results-stream-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function collect(file: string, limits?: BatchLimits) {
  const batches = [];
  for await (const batch of streamRecordedResultsFile(file, "email", limits)) batches.push(batch);
  return batches;
}

async function writeResults(name: string, body: string | Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, typeof body === "string" ? HEADER + body : Buffer.concat([Buffer.from(HEADER), body]));
  return file;
}

describe("streamRecordedResultsFile", () => {
  test("reads every paper results file as the whole-file loader does", async () => {
    let files = 0;
    for (const domain of DOMAINS) {
      for (const name of (await readdir(path.join(RESULTS, domain))).sort()) {
        const file = path.join(RESULTS, domain, name);
        const whole = await loadRecordedResultsFile(file, domain);
        const streamed: { query: string; calls: readonly string[]; error: string; line: number; model: string; toolSet: string }[] = [];
        for await (const batch of streamRecordedResultsFile(file, domain, { rows: 7, chars: 1 << 20 })) streamed.push(...batch);
        const fields = (rows: typeof streamed) => rows.map(({ query, calls, error, line, model, toolSet }) => ({ query, calls, error, line, model, toolSet }));
        expect(fields(streamed), name).toEqual(fields(whole));
        files += 1;
      }
    }
    expect(files).toBe(48);
  });

  test("parses full_response on demand into the same steps and final output", async () => {
    const file = path.join(RESULTS, "email/gpt-4_all_2024-03-21_15-21-12.csv");
    const whole = await loadRecordedResultsFile(file, "email");
    const streamed = (await collect(file)).flat();
    expect(streamed.map((row) => [row.steps, row.finalOutput])).toEqual(whole.map((row) => [row.steps, row.finalOutput]));
    expect(streamed.some((row) => (row.steps?.length ?? 0) > 0)).toBe(true);
  });

  test("batches stay within their row and character limits", async () => {
    const row = (i: number, size: number) => `"q${i}","[]","${"x".repeat(size)}",""\n`;
    const file = await writeResults("m_all_2024-01-01_00-00-00.csv", [row(1, 10), row(2, 10), row(3, 10), row(4, 500), row(5, 10), row(6, 10)].join(""));
    const batches = await collect(file, { rows: 2, chars: 200 });
    // Rows 1-2 fill the row limit; row 4 alone passes the character limit and closes its batch.
    expect(batches.map((batch) => batch.map((r) => r.query))).toEqual([["q1", "q2"], ["q3", "q4"], ["q5", "q6"]]);
    expect(batches.flat().map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  test("a record spanning lines keeps its starting line; empty lines are skipped", async () => {
    const file = await writeResults("m_all_2024-01-01_00-00-01.csv", `"q1","[]","a\nb\nc",""\n\n"q2","['x'","",""\n`);
    await expect(collect(file)).rejects.toThrow(/m_all_2024-01-01_00-00-01\.csv:6: function_calls/);
  });

  test("malformed files are refused naming file and line", async () => {
    const ok = `"q","[]","",""\n`;
    const cases: [string, string | Buffer, RegExp][] = [
      ["unterminated quote", `${ok}${ok}"q3,"[]","",""\n`, /m_all_2024-01-01_00-01-00\.csv:\d+: .*(quote|Quote)/],
      ["bad function_calls", `${ok}"q2","['email.delete_email.func(email_id=""1"")'","",""\n`, /:3: function_calls is not a Python list/],
      ["invalid UTF-8", Buffer.concat([Buffer.from(ok + ok), Buffer.from([0x22, 0xff, 0x22]), Buffer.from(',"[]","",""\n')]), /:4: invalid UTF-8/],
      ["NUL byte", `${ok}"q\u0000","[]","",""\n`, /:3: NUL byte/],
    ];
    for (const [what, body, message] of cases) {
      const file = await writeResults(`m_all_2024-01-01_00-01-0${cases.findIndex(([name]) => name === what)}.csv`, body);
      await expect(collect(file), what).rejects.toThrow(message);
    }
    const noColumn = path.join(dir, "m_all_2024-01-01_00-02-00.csv");
    await writeFile(noColumn, '"query","function_calls","error"\n"q","[]",""\n');
    await expect(collect(noColumn)).rejects.toThrow(/m_all_2024-01-01_00-02-00\.csv:1: missing column "full_response"/);
    await expect(collect(path.join(dir, "m_all_2024-01-01_00-02-01.csv"))).rejects.toThrow(/file not found/);
  });

  test("characters cut by read-chunk boundaries are read whole", async () => {
    // 3-byte characters over ≈ 600 KB: the 64 KB read chunks end inside some of them.
    const file = await writeResults("m_all_2024-01-01_00-02-02.csv", `"q€","[]","${"€".repeat(2000)}",""\n`.repeat(100));
    const rows = (await collect(file)).flat();
    expect(rows).toHaveLength(100);
    expect(rows.every((row) => row.query === "q€")).toBe(true);
  });

  test("invalid UTF-8 far into a large file is found on its line, across read chunks", async () => {
    const ok = `"q","[]","${"y€".repeat(500)}",""\n`;
    const rows = 300; // ≈ 300 KB: several 64 KB read chunks before the bad byte
    const file = await writeResults("m_all_2024-01-01_00-03-00.csv", Buffer.concat([Buffer.from(ok.repeat(rows)), Buffer.from([0x22, 0xc3, 0x28, 0x22]), Buffer.from(',"[]","",""\n')]));
    await expect(collect(file)).rejects.toThrow(new RegExp(`:${rows + 2}: invalid UTF-8`));
  });
});

describe("streamCsvWithHeader", () => {
  test("gunzips .gz files as they are read, and refuses a file that is not gzip", async () => {
    const gz = path.join(dir, "rows.csv.gz");
    await writeFile(gz, gzipSync(`a,b\n1,2\n"3\n4",5\n`));
    const records = [];
    for await (const record of streamCsvWithHeader(gz, ["a"])) records.push(record);
    expect(records.map(({ fields, line }) => [fields, line])).toEqual([
      [{ a: "1", b: "2" }, 2],
      [{ a: "3\n4", b: "5" }, 3],
    ]);
    const notGz = path.join(dir, "plain.csv.gz");
    await writeFile(notGz, "a,b\n1,2\n");
    await expect(async () => {
      for await (const _ of streamCsvWithHeader(notGz, ["a"])) void _;
    }).rejects.toThrow(/plain\.csv\.gz: not a gzip file/);
    const empty = path.join(dir, "empty.csv");
    await writeFile(empty, "");
    await expect(async () => {
      for await (const _ of streamCsvWithHeader(empty, ["a"])) void _;
    }).rejects.toThrow(/empty\.csv:1: empty file/);
  });
});
