// Our reader of upstream's Python tool sources: what tool.py would take from each @tool function
// (name, signature, __doc__), on hand-written modules with the constructs Python allows there, and on
// the official files (27 tools, read at run time from the data directory).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadUpstreamTools2026, parseToolModule2026, toolSourcesDir2026, UpstreamToolSourceError } from "./docstrings";
import { argsSchemaRepr2026, parametersSchemaOf2026, signatureOf2026 } from "./tool-schema";
import { PROTOCOLS } from "../../protocols";
import { testDataDir } from "../../test-support/data-dir";

const officialDir = () => toolSourcesDir2026(testDataDir());

const MODULE = [
  "import json",
  "from src.tools.tool import tool",
  "",
  "",
  '@tool("demo.multi_line")  # a comment after the decorator',
  "def multi_line(",
  "    a: str | None = None,  # trailing comment, with a ) inside",
  '    b: str = "x,)",',
  "    c: int = 3,",
  "    d=None,",
  "    e: str = 'it\\'s',",
  "    f: dict[str, tuple[int, int]] | None = None,",
  '    g: str = "#1",  # a "#" in a string starts no comment',
  ") -> str:",
  '    """',
  "    Tab\\tand a \\\"quote\\\".",
  "",
  "    >>> demo({{\"k\": 1}})",
  '    """',
  "    return json.dumps({})",
  "",
  "",
  '@tool("demo.no_doc")',
  "def no_doc(required: str) -> str:",
  "    # a comment first",
  "    return 'not a docstring' if required else ''",
  "",
  '@tool("demo.raw")',
  "def raw(x: str = '') -> str:",
  "    r'''C:\\path\\n stays'''",
  "    return x",
  "",
  "def helper(): pass",
].join("\n");

describe("parseToolModule2026", () => {
  const [multi, noDoc, raw] = parseToolModule2026(MODULE, "demo.py");

  test("reads each @tool function's name, parameters, defaults and return annotation", () => {
    expect(parseToolModule2026(MODULE, "demo.py")).toHaveLength(3);
    expect(multi).toMatchObject({
      name: "demo.multi_line",
      returns: "str",
      parameters: [
        { name: "a", annotation: "str | None", defaultSource: "None" },
        { name: "b", annotation: "str", defaultSource: '"x,)"' },
        { name: "c", annotation: "int", defaultSource: "3" },
        { name: "d", annotation: null, defaultSource: "None" },
        { name: "e", annotation: "str", defaultSource: "'it\\'s'" },
        { name: "f", annotation: "dict[str, tuple[int, int]] | None", defaultSource: "None" },
        { name: "g", annotation: "str", defaultSource: '"#1"' },
      ],
    });
    expect(noDoc).toMatchObject({ name: "demo.no_doc", parameters: [{ name: "required", annotation: "str", defaultSource: null }] });
  });

  test("the docstring is decoded as Python's __doc__: escapes processed, raw strings kept, indentation kept, none = empty", () => {
    expect(multi!.docstring).toBe('\n    Tab\tand a "quote".\n\n    >>> demo({{"k": 1}})\n    ');
    expect(noDoc!.docstring).toBe("");
    expect(raw!.docstring).toBe("C:\\path\\n stays");
  });

  test("tool.py's schema, signature and args repr of it", () => {
    expect(parametersSchemaOf2026(multi!)).toEqual({
      type: "object",
      properties: {
        a: { type: "string", description: "A" }, b: { type: "string", description: "B" }, c: { type: "integer", description: "C" },
        d: { type: "string", description: "D" }, e: { type: "string", description: "E" },
        f: { type: "string", description: "F" }, g: { type: "string", description: "G" },
      },
    });
    expect(parametersSchemaOf2026(noDoc!)).toEqual({ type: "object", properties: { required: { type: "string", description: "Required" } }, required: ["required"] });
    expect(signatureOf2026(multi!)).toBe("demo.multi_line(a: str | None = None, b: str = 'x,)', c: int = 3, d = None, e: str = \"it's\", f: dict[str, tuple[int, int]] | None = None, g: str = '#1') -> str");
    expect(argsSchemaRepr2026(noDoc!)).toBe("{'required': {'title': 'Required', 'type': 'string'}}");
  });

  test("a decorator without a def fails naming the file", () => {
    expect(() => parseToolModule2026('@tool("x.y")\nclass Nope: pass\n', "bad.py")).toThrow(/bad\.py: @tool\("x\.y"\) is not followed by a def/);
  });
});

describe("the official 2026 tool sources", () => {
  test("define exactly the 27 tools of the 2026 protocol", () => {
    const names = [...loadUpstreamTools2026(officialDir()).keys()].sort();
    expect(names).toEqual(PROTOCOLS["2026"].tools.all.map((tool) => tool.name).sort());
  });

  test("are looked up in the data directory, else in the copy npm start fetched into .data/workbench-data", () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "workbench-cwd-"));
    try {
      const fetched = path.join(cwd, ".data", "workbench-data", "v2026", "src", "tools");
      expect(toolSourcesDir2026(path.join(cwd, "nowhere"), cwd)).toBe(path.join(cwd, "nowhere", "v2026", "src", "tools"));
      cpSync(officialDir(), fetched, { recursive: true });
      expect(toolSourcesDir2026(path.join(cwd, "nowhere"), cwd)).toBe(fetched);
      // The data directory the engine was handed comes first.
      expect(toolSourcesDir2026(testDataDir(), cwd)).toBe(officialDir());
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  test("are read at run time from the data directory: an edited copy is what gets described", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "workbench-tools-2026-"));
    try {
      cpSync(officialDir(), dir, { recursive: true });
      const file = path.join(dir, "email.py");
      writeFileSync(file, readFileSync(file, "utf8").replace("Sends an email to the specified recipient.", "Sends a letter."));
      expect(loadUpstreamTools2026(dir).get("email.send_email")!.docstring).toContain("\n    Sends a letter.\n");
      rmSync(path.join(dir, "calendar.py"));
      expect(() => loadUpstreamTools2026(path.join(dir, "missing"))).toThrow(UpstreamToolSourceError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
