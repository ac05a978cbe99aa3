import { describe, expect, test } from "vitest";
import { z } from "zod";
import { plainError } from "./plain-error";

/** An error shaped as Prisma throws it (no client needed): its class name, code and message. */
function prismaError(name: string, message: string, code?: string, meta?: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { name, ...(code ? { code } : {}), ...(meta ? { meta } : {}) });
}

describe("errors in words", () => {
  test.each([
    [prismaError("PrismaClientKnownRequestError", "Invalid `prisma.run.create()` invocation:\n\nValue out of range for the type. The column `trials` got 1000000000", "P2020"), /^The database refused it: a number is out of the range/],
    [prismaError("PrismaClientKnownRequestError", "Invalid `prisma.$executeRaw()` invocation:\nRaw query failed. Code: `22P05`. Message: `unsupported Unicode escape sequence`", "P2010", { code: "22P05" }), /^The database refused it: a text holds a character the database cannot store/],
    [prismaError("PrismaClientUnknownRequestError", "Client has encountered a connection error and is not queryable"), /^The database connection was lost/],
    [prismaError("PrismaClientKnownRequestError", "Unique constraint failed on the fields: (`name`)", "P2002"), /already exists/],
  ])("%s", (error, words) => {
    const line = plainError(error);
    expect(line).toMatch(words);
    expect(line).not.toMatch(/prisma|invocation|Raw query|not queryable|\n/i);
  });

  test("zod's issues become one line naming the field, not JSON", () => {
    const result = z.object({ name: z.string().min(1, "A name is needed") }).safeParse({ name: "" });
    const line = plainError(result.error);
    expect(line).toBe("name: A name is needed");
  });

  test("an error that is already in words is left as it is", () => {
    expect(plainError(new Error("Run nosuchrun not found"))).toBe("Run nosuchrun not found");
  });
});
