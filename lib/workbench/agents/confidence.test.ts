// Reading a confidence from the model's reply (confidence-reply.ts): robust to the usual wordings, null
// (never a guess) for anything without a number in range.
import { describe, expect, test } from "vitest";
import { CONFIDENCE_QUESTION, parseConfidence } from "./confidence-reply";

describe("parseConfidence", () => {
  test.each([
    ["0.8", 0.8],
    [" 0.8\n", 0.8],
    [".8", 0.8],
    ["1", 1],
    ["0", 0],
    ["1.0", 1],
    ["80%", 0.8],
    ["80 %", 0.8],
    ["100%", 1],
    ["0%", 0],
    ["Confidence: 0.8", 0.8],
    ["confidence = 0.35.", 0.35],
    ["My confidence is about 70%.", 0.7],
    ["I'd say 0.9 — the event was created as asked.", 0.9],
    // The labelled number wins over an earlier one.
    ["After 3 steps, confidence: 0.6", 0.6],
  ])("%j reads as %d", (reply, expected) => {
    expect(parseConfidence(reply)).toBeCloseTo(expected, 12);
  });

  test.each([
    ["no number", "I am fairly sure."],
    ["empty", ""],
    ["a bare number above 1 (not guessed to be a percentage)", "80"],
    ["a percentage above 100", "150%"],
    ["a negative number", "-0.2"],
    ["a labelled negative number", "Confidence: -0.5"],
    ["above 1 after the label", "Confidence: 7/10"],
  ])("%s is null", (_label, reply) => {
    expect(parseConfidence(reply)).toBeNull();
  });

  test("the question asks for one number between 0 and 1, in words the reading expects", () => {
    expect(CONFIDENCE_QUESTION).toContain("between 0 and 1");
    expect(CONFIDENCE_QUESTION).toContain("done correctly");
  });
});
