// The zip of an export, read back by Info-ZIP's unzip (not Studio's code): every file listed by its
// path, its CRC checked (`unzip -t`), its bytes as written, deflated text and stored .gz alike.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { zipArchive } from "./zip-archive";

test("unzip lists, checks and extracts every file as written", () => {
  const files = [
    { path: "email/gpt-4_all_2026-11-27_10-00-00.csv", content: `"query","function_calls"\n${'"Delete my last email","[]"\n'.repeat(200)}` },
    { path: "trial-2/calendar/x_meta.json", content: JSON.stringify({ model_name: "gpt-4", note: "é ü — utf-8" }) },
    { path: "trial-2/calendar/x.csv.gz", content: gzipSync("task,function_calls\n") },
    { path: "empty.txt", content: "" },
  ];
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "zip-archive-"));
  try {
    const archive = path.join(folder, "export.zip");
    fs.writeFileSync(archive, zipArchive(files));
    expect(execFileSync("unzip", ["-t", archive], { encoding: "utf8" })).toContain("No errors detected");
    const listed = execFileSync("unzip", ["-Z1", archive], { encoding: "utf8" }).trim().split("\n");
    expect(listed).toEqual(files.map((file) => file.path));
    execFileSync("unzip", ["-q", archive, "-d", path.join(folder, "out")]);
    for (const file of files) {
      const expected = typeof file.content === "string" ? Buffer.from(file.content, "utf8") : Buffer.from(file.content);
      expect(fs.readFileSync(path.join(folder, "out", file.path)).equals(expected)).toBe(true);
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
