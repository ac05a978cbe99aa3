import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { paperImportCommands } from "./paper-import-commands";

describe("paperImportCommands", () => {
  test("with the official files on disk: import the dataset if needed, then the results", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "paper-cmd-"));
    fs.mkdirSync(path.join(root, "data dir", "v1", "data", "results"), { recursive: true });
    const cwd = path.join(root, "repo");
    expect(paperImportCommands({ configuredDataDir: "../data dir", datasetImported: false, cwd })).toEqual([
      "npm run workbench -- import-data --data '../data dir'",
      "npm run workbench -- import-results --results '../data dir/v1/data/results'",
    ]);
    expect(paperImportCommands({ configuredDataDir: "../data dir", datasetImported: true, cwd })).toHaveLength(1);
    fs.rmSync(root, { recursive: true, force: true });
  });

  test("without them: fetch first", () => {
    const commands = paperImportCommands({ configuredDataDir: "/nonexistent/workbench", datasetImported: false, cwd: os.tmpdir() });
    expect(commands[0]).toBe("npm run workbench -- fetch --out workbench-data");
    expect(commands.at(-1)).toBe("npm run workbench -- import-results --results workbench-data/v1/data/results");
  });
});
