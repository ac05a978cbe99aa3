import { describe, expect, test } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  test("defaults PORT and leaves optional variables unset", () => {
    expect(parseEnv({})).toEqual({ PORT: 3000 });
  });

  test.each([
    ["postgresql://u:p@127.0.0.1:5432/db", "postgresql://u:p@127.0.0.1:5432/db"],
    ["postgres://localhost/db", "postgres://localhost/db"],
  ])("accepts DATABASE_URL %s", (url, expected) => {
    expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(expected);
  });

  test("treats empty strings as unset", () => {
    expect(parseEnv({ OPENAI_API_KEY: "", DATABASE_URL: "" })).toEqual({ PORT: 3000 });
  });

  test.each([
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ OPENAI_API_KEY: "   " }, "OPENAI_API_KEY"],
  ])("fails naming the variable for %j", (source, name) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`Invalid environment variable\\(s\\): .*${name}`));
  });

  test("never echoes a secret's value in the error", () => {
    expect(() => parseEnv({ PORT: "bad", ANTHROPIC_API_KEY: "sk-secret" })).not.toThrow(/sk-secret/);
  });
});
