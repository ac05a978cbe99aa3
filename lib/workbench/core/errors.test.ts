import { describe, expect, test } from "vitest";
import { CodedError, errorMessage } from "./errors";

class ExampleError extends CodedError<"bad_input" | "missing"> {
  constructor(code: "bad_input" | "missing", readonly field: string) {
    super(code, `${field}: ${code}`);
    this.name = "ExampleError";
  }
}

describe("CodedError", () => {
  test("a subclass keeps its code, its fields, its name and is an Error", () => {
    const error = new ExampleError("missing", "model");
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toMatchObject({ code: "missing", field: "model", name: "ExampleError", message: "model: missing" });
  });

  test("passes the cause on", () => {
    const cause = new Error("socket hang up");
    expect(new CodedError("network", "fetch failed", { cause }).cause).toBe(cause);
  });
});

describe("errorMessage", () => {
  test.each([
    [new Error("boom"), "boom"],
    [new ExampleError("bad_input", "seed"), "seed: bad_input"],
    ["plain text", "plain text"],
    [42, "42"],
    [null, "null"],
    [undefined, "undefined"],
  ])("%s → %s", (thrown, expected) => {
    expect(errorMessage(thrown)).toBe(expected);
  });
});
