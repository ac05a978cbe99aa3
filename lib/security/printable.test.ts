import { describe, expect, test } from "vitest";
import { hasControlCharacters, hasControlCharactersButLines, printable } from "./printable";

describe("printable text", () => {
  test("escape sequences, NUL, C1 controls and bidi overrides are shown, not obeyed", () => {
    expect(printable("run\u001b[2J\u001b]0;owned\u0007")).toBe("run\\x1b[2J\\x1b]0;owned\\x07");
    expect(printable("a\u0000b\u009bc\u202ed")).toBe("a\\x00b\\x9bc\\u202ed");
    expect(printable("two\nlines\tand tab")).toBe("two\\x0alines\\x09and tab");
    expect(printable("plain name · é 漢字 🙂")).toBe("plain name · é 漢字 🙂");
  });

  test("names refuse every control character; notes keep line breaks and tabs only", () => {
    for (const bad of ["\u001b[2J", "a\u0000", "a\nb", "\u009b1m", "\u007f"]) expect(hasControlCharacters(bad)).toBe(true);
    expect(hasControlCharacters("a normal name")).toBe(false);
    expect(hasControlCharactersButLines("line one\nline two\r\n\tindented")).toBe(false);
    expect(hasControlCharactersButLines("bell\u0007")).toBe(true);
    expect(hasControlCharactersButLines("esc\u001b[31m")).toBe(true);
  });
});
