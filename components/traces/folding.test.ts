// What a trace step sends when folded: a long text only as a preview (its end is left for the step
// route), a short one whole; a step diff cut to its first rows and short cells with a link to the whole
// step, and sent whole where no such link is given (a step opened with `?open=`).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { TableDiffView } from "@/lib/traces/diff-view";
import { CollapsibleText, FOLDED_PREVIEW_CHARS } from "./collapsible-text";
import { DiffTables, STEP_DIFF_LABELS } from "./diff-tables";
import { TraceBaseProvider } from "./folded-text";

const longText = Array.from({ length: 80 }, (_, line) => `line ${line}: ${"x".repeat(20)}`).join("\n");

function render(element: ReturnType<typeof createElement>): string {
  return renderToStaticMarkup(createElement(TraceBaseProvider, { base: "/runs/r1/tasks/t1", children: element }));
}

describe("CollapsibleText", () => {
  test("a folded long text sends its first characters and a link to the step shown whole, not its end", () => {
    const html = render(createElement(CollapsibleText, { text: longText, collapsed: true, label: "Observation", fold: { step: 3, part: "observation" } }));
    expect(html).toContain(longText.slice(0, FOLDED_PREVIEW_CHARS));
    expect(html).not.toContain(longText.slice(FOLDED_PREVIEW_CHARS, FOLDED_PREVIEW_CHARS + 40));
    expect(html).not.toContain("line 79");
    expect(html).toContain('data-state="preview"');
    expect(html).toContain('href="/runs/r1/tasks/t1?open=3#step-3"');
    expect(html).toContain(`${longText.length.toLocaleString("en-US")} characters`);
  });

  test("without a fold (the step opened whole) the long text is sent whole", () => {
    const html = render(createElement(CollapsibleText, { text: longText, collapsed: true, label: "Observation" }));
    expect(html).toContain("line 79");
    expect(html).toContain('data-state="full"');
  });

  test("a text shorter than the preview is sent whole even when folded", () => {
    const html = render(createElement(CollapsibleText, { text: "short", collapsed: true, label: "Observation", fold: { step: 1, part: "observation" } }));
    expect(html).toContain(">short<");
    expect(html).not.toContain("…");
  });
});

describe("DiffTables", () => {
  const body = `Hi Sam,\n\n${"Long body text. ".repeat(30)}END OF BODY`;
  const tables: TableDiffView[] = [
    {
      table: "email",
      columns: ["email_id", "body"],
      rows: Array.from({ length: 8 }, (_, index) => ({
        kind: "deleted" as const,
        key: String(index),
        cells: [
          { column: "email_id", text: `0000${index}`, changed: false },
          { column: "body", text: body, changed: false },
        ],
      })),
      counts: { inserted: 0, deleted: 8, changed: 0 },
    },
  ];

  test("with a link to the whole step: its first rows, long cells cut, and how many rows are left out", () => {
    const html = renderToStaticMarkup(createElement(DiffTables, { tables, labels: STEP_DIFF_LABELS, maxCellChars: 120, maxRows: 5, moreHref: "/whole" }));
    expect(html.match(/data-testid="diff-row-deleted"/g)).toHaveLength(5);
    expect(html).toContain("00004");
    expect(html).not.toContain("00005");
    expect(html).not.toContain("END OF BODY");
    expect(html).toContain(`${body.slice(0, 120)}…`);
    expect(html).toContain('href="/whole"');
    expect(html).toContain("3 more rows: show all 8");
  });

  test("without one, every row and every character", () => {
    const html = renderToStaticMarkup(createElement(DiffTables, { tables, labels: STEP_DIFF_LABELS, maxCellChars: 120, maxRows: 5 }));
    expect(html.match(/data-testid="diff-row-deleted"/g)).toHaveLength(8);
    expect(html.match(/END OF BODY/g)).toHaveLength(8);
    expect(html).not.toContain("diff-more");
  });
});
