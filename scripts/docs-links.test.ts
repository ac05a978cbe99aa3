// The README and docs/ link into each other: every relative link must reach a file, and every #anchor
// a heading (GitHub's slugs) or an explicit <a id> of that file. Moving a section breaks this test,
// not the reader.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const pages = ["README.md", ...readdirSync(path.join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), "utf8").replace(/```[\s\S]*?```/g, "");
  const headings = [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1] ?? ""));
  const explicit = [...text.matchAll(/<a id="([^"]+)"/g)].map((match) => match[1] ?? "");
  return new Set([...headings, ...explicit]);
}

describe("links of the README and docs/", () => {
  test("GitHub's heading slugs", () => {
    expect(slug("Estimated costs of the paper's runs")).toBe("estimated-costs-of-the-papers-runs");
    expect(slug("How `npm start` starts")).toBe("how-npm-start-starts");
  });

  test.each(pages)("%s: every relative link reaches a file and its anchor", (page) => {
    const text = readFileSync(path.join(ROOT, page), "utf8").replace(/```[\s\S]*?```/g, "");
    const broken: string[] = [];
    for (const [, target = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue; // http(s), mailto
      const [file = "", anchor] = target.split("#");
      const resolved = file ? path.posix.join(path.posix.dirname(page), file) : page;
      if (!existsSync(path.join(ROOT, resolved))) broken.push(`${target}: no file ${resolved}`);
      else if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) broken.push(`${target}: no heading #${anchor} in ${resolved}`);
    }
    expect(broken).toEqual([]);
  });
});
