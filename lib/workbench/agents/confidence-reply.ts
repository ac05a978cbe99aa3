// The confidence turn's question and the reading of its reply (confidence.ts asks; the trace page and
// the mock provider read). No imports: client code and the mock may use it.

/** The question, word for word, sent as a user message after the final answer. */
export const CONFIDENCE_QUESTION =
  "How confident are you that the task above has been done correctly? " +
  "Reply with one number between 0 and 1 (0: certainly not, 1: certainly), and nothing else.";

/** A number with its sign and an optional percent sign: "0.8", ".8", "80%", "80 %", "-0.2". */
const NUMBER = String.raw`(-?)(\d+(?:\.\d+)?|\.\d+)(\s*%)?`;
/** A number shortly after the word "confidence" ("Confidence: 0.8", "my confidence is about 80%"). */
const LABELLED = new RegExp(String.raw`confidence\b[^\d.-]{0,20}?` + NUMBER, "i");
const FIRST = new RegExp(NUMBER);

/**
 * The confidence a reply states, in [0, 1]; null when it states none in range. The number shortly after
 * the word "confidence" wins, else the first number of the reply. "80%" is 0.8; a bare number must be
 * within 0 and 1 (the question asks for that scale: "80" alone is out of range, not guessed to be a
 * percentage), a percentage within 0 % and 100 %; a negative number is out of range.
 */
export function parseConfidence(reply: string): number | null {
  const match = LABELLED.exec(reply) ?? FIRST.exec(reply);
  if (!match) return null;
  const [, sign, digits = "", percent] = match;
  const value = Number(digits) / (percent ? 100 : 1);
  return sign === "" && Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
}
