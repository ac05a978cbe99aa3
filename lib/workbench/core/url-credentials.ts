// Credentials inside URLs (`http://user:password@host/…`). A base URL may carry them, and then every
// text that quotes the URL — a fetch error, a provider's message, a log line — carries them too. One
// function hides them wherever text leaves a process boundary (stored, logged, shown, exported, sent),
// and one tells whether a URL has any (an endpoint's URL with credentials is refused at launch).

/**
 * A scheme, `://`, then the userinfo up to its last `@` before the host (as the WHATWG URL parser
 * reads it: a password may hold an unencoded `@`). The userinfo ends at the first character that
 * cannot be in an authority: whitespace, `/ ? #`, a backslash, a quote or an angle bracket.
 */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#\\"'<>]*@/gi;

/** The userinfo's stand-in: `http://***@host/v1`. */
export const REDACTED_USERINFO = "***";

/** `text` with the credentials of every URL in it replaced by `***` (the host and path are kept). */
export function redactUrlCredentials(text: string): string {
  return text.includes("@") ? text.replace(URL_USERINFO, `$1${REDACTED_USERINFO}@`) : text;
}

/** The same, for a value that may be missing (database columns). */
export function redactUrlCredentialsOrNull<T extends string | null | undefined>(text: T): T {
  return (typeof text === "string" ? redactUrlCredentials(text) : text) as T;
}

/** Does this URL carry a user name or password? Text that is not a URL has none. */
export function hasUrlCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== "" || parsed.password !== "";
  } catch {
    return redactUrlCredentials(url) !== url;
  }
}
