// The fast scanner must read exactly what csv-parse reads (values and starting lines), and decline
// (null) whatever csv-parse would reject or read differently.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "csv-parse/sync";
import { parseCsvRows } from "./csv-file";
import { scanCsv } from "./csv-scan";
import { testDataDir } from "../test-support/data-dir";

/** csv-parse with the options csv-file.ts uses: records and the line each starts on. */
function csvParseRows(text: string) {
  const output = parse(text, { info: true, bom: true, skip_empty_lines: true }) as unknown as { record: string[]; info: { lines: number } }[];
  let previousEnd = 0;
  return output.map(({ record, info }) => {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    return { record, line };
  });
}

function scannedRows(text: string) {
  const scan = scanCsv(text);
  if (!scan) return null;
  const rows = [{ record: [...scan.header], line: 1 }];
  for (let row = 0; row < scan.rowCount; row += 1) {
    rows.push({ record: scan.header.map((_, column) => scan.field(row, column)), line: scan.line(row) });
  }
  return rows;
}

describe("scanCsv", () => {
  test.each([
    ["plain", "a,b,c\n1,2,3\n4,5,6\n"],
    ["no final newline", "a,b\n1,2"],
    ["CRLF", "a,b\r\n1,2\r\n3,4\r\n"],
    ["BOM", "\uFEFFa,b\n1,2\n"],
    ["quoted with commas, newlines and escaped quotes", 'a,b\n"x, ""y""\nz",2\n"",3\n'],
    ["empty fields", "a,b,c\n,,\n1,,3\n"],
    ["multi-line quoted fields move the next record's line", 'a,b\n"1\n2\n3",x\n4,y\n'],
  ])("%s: same records and lines as csv-parse", (_label, text) => {
    expect(scannedRows(text)).toEqual(csvParseRows(text));
    expect(parseCsvRows("test.csv", text)).toEqual(csvParseRows(text));
  });

  test.each([
    ["a stray quote in an unquoted field", 'a,b\n1,x"y\n'],
    ["text after a closing quote", 'a,b\n"1"x,2\n'],
    ["an unterminated quote", 'a,b\n"1,2\n'],
    ["a short record", "a,b,c\n1,2\n"],
    ["a lone CR", "a,b\r1,2\n"],
    ["an empty file", ""],
  ])("declines %s", (_label, text) => {
    expect(scanCsv(text)).toBeNull();
  });

  test("declined text still parses (through csv-parse) or fails with csv-parse's error", () => {
    expect(parseCsvRows("test.csv", "a,b\r1,2\r")).toEqual(csvParseRows("a,b\r1,2\r"));
    expect(() => parseCsvRows("test.csv", "a,b,c\n1,2\n")).toThrow(/test\.csv/);
  });

  test("reads every official CSV file (results, tasks, sandboxes) exactly as csv-parse does", () => {
    const csvFiles = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? csvFiles(path.join(dir, entry.name)) : entry.name.endsWith(".csv") ? [path.join(dir, entry.name)] : [],
      );
    const files = csvFiles(testDataDir());
    expect(files.filter((file) => file.includes(`${path.sep}results${path.sep}`)).length).toBeGreaterThanOrEqual(48);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      expect(scannedRows(text), file).toEqual(csvParseRows(text));
    }
  });
});
