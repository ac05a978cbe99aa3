// The one error base. An error thrown on purpose carries a code (what callers branch on; the message is
// for people) and keeps its own name (what logs show). The engine's lowest layer, so the engine and the
// app share it (lib/errors.ts re-exports it for the app).
import { redactUrlCredentials } from "./url-credentials";

/** An error with a machine-readable code. Subclasses add the fields their callers need (file, field, …). */
export class CodedError<Code extends string = string> extends Error {
  readonly code: Code;

  constructor(code: Code, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

/**
 * The message of whatever was thrown: an Error's message, else the value as text; credentials in any
 * URL it quotes are hidden (a fetch refusing `http://user:password@host` names the whole URL), since
 * this text is what gets stored, logged and shown.
 */
export function errorMessage(error: unknown): string {
  return redactUrlCredentials(error instanceof Error ? error.message : String(error));
}
