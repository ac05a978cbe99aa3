import { Command } from "commander";
import { describe, expect, test } from "vitest";
import { register as registerFetch } from "@/scripts/commands/fetch";
import { register as registerGenerate } from "@/scripts/commands/generate";
import { register as registerImportData } from "@/scripts/commands/import-data";
import { register as registerImportResults } from "@/scripts/commands/import-results";
import { register as registerRun } from "@/scripts/commands/run";
import { FETCH_AND_IMPORT, GENERATE_COMMAND, importOfficialCommand, oracleRunCommand, shellArg } from "./hints";

describe("printed hints", () => {
  test("a plain path is one bare argument; spaces and quotes are single-quoted as a POSIX shell reads them", () => {
    expect(shellArg("/home/a/workbench-data")).toBe("/home/a/workbench-data");
    expect(shellArg("../shared/workbench")).toBe("../shared/workbench");
    expect(shellArg("/data/my files")).toBe("'/data/my files'");
    expect(shellArg("/data/it's")).toBe(`'/data/it'\\''s'`);
  });

  test("the official import names the folder the dataset came from, or downloads it first", () => {
    expect(importOfficialCommand("/srv/workbench")).toBe("npm run workbench -- import-data --data /srv/workbench");
    expect(importOfficialCommand(null)).toBe("npm run workbench -- fetch --out workbench-data && npm run workbench -- import-data --data workbench-data");
    expect(oracleRunCommand("gen-s1-x1")).toBe("npm run workbench -- run --agent oracle --dataset gen-s1-x1");
  });
});

// Each hint, checked against the CLI's own definitions: the command exists, every flag is one of its
// options, and every mandatory option is given (`import-results` without --results was printed once).
describe("every hint is a command the CLI accepts as written", () => {
  const program = new Command();
  for (const register of [registerFetch, registerGenerate, registerImportData, registerImportResults, registerRun]) register(program);
  const hints = [FETCH_AND_IMPORT, GENERATE_COMMAND, importOfficialCommand("/srv/workbench"), importOfficialCommand("/a b"), oracleRunCommand("gen-s1-x1")];
  test.each(hints.flatMap((hint) => hint.split(" && ")))("%s", (hint) => {
    const words = hint.match(/'[^']*'|\S+/g) ?? [];
    expect(words.slice(0, 4)).toEqual(["npm", "run", "workbench", "--"]);
    const command = program.commands.find((candidate) => candidate.name() === words[4]);
    expect(command, words[4]).toBeDefined();
    const flags = words.slice(5).filter((word) => word.startsWith("--"));
    for (const flag of flags) expect(command?.options.some((option) => option.long === flag), flag).toBe(true);
    for (const option of command?.options ?? []) if (option.mandatory) expect(flags, option.long).toContain(option.long);
  });
});
