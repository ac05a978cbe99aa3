// The streaming scan reads what csv-parse reads (records) and what the whole-text scan reads (lines),
// however the text is cut into chunks; it gives up exactly where the whole-text scan does.
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { scanCsv } from "./csv-scan";
import { scanCsvStream } from "./csv-scan-stream";

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

async function scanStreamed(text: string, size: number) {
  const records: { record: string[]; line: number }[] = [];
  const scan = scanCsvStream(chunksOf(text, size));
  for (;;) {
    const next = await scan.next();
    if (next.done) return { records, ending: next.value };
    records.push(next.value);
  }
}

const WELL_FORMED = [
  'a,b\n1,2\n',
  'a,b\r\n1,2\r\n3,4',
  '\ufeff"a","b"\n"x ""quoted"" y","line1\nline2"\n\n\n"",""\n',
  '"h1","h2","h3"\r\n"""",",",""\r\n\r\nplain,"a\r\nb",\r\n',
  'x\n"ends without newline"',
  'a,b\n"1",\n,"2"\n',
];

const MALFORMED = ['a,b\n1,2\n"open,3\n', 'a,b\n1,2\n3\n', 'a,b\n1,x"y\n', 'a,b\n"1"x,2\n', 'a,b\n1,2\r3,4\n'];

describe("scanCsvStream", () => {
  test.each(WELL_FORMED.map((text) => [JSON.stringify(text).slice(0, 40), text]))("%s: same records and lines in any chunking", async (_, text) => {
    const whole = scanCsv(text);
    expect(whole).not.toBeNull();
    const expectedRecords: string[][] = parse(text, { bom: true, skip_empty_lines: true });
    const expectedLines = [1, ...Array.from({ length: whole!.rowCount }, (_, row) => whole!.line(row))];
    for (const size of [1, 2, 3, 7, 64, text.length]) {
      const { records, ending } = await scanStreamed(text, size);
      expect(ending, `chunks of ${size}`).toBe("done");
      expect(records.map((r) => r.record), `chunks of ${size}`).toEqual(expectedRecords);
      expect(records.map((r) => r.line), `chunks of ${size}`).toEqual(expectedLines);
    }
  });

  test.each(MALFORMED.map((text) => [JSON.stringify(text), text]))("%s: gives up where the whole-text scan does", async (_, text) => {
    expect(scanCsv(text)).toBeNull();
    for (const size of [1, 3, text.length]) {
      const { records, ending } = await scanStreamed(text, size);
      expect(ending).toBe("unreadable");
      // The records before the fault are the well-formed ones (header and first row).
      expect(records.map((r) => r.record)).toEqual([["a", "b"], ["1", "2"]].slice(0, records.length));
    }
  });
});
