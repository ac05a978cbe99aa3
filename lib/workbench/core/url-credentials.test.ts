import { describe, expect, test } from "vitest";
import { hasUrlCredentials, redactUrlCredentials } from "./url-credentials";

describe("credentials in URLs", () => {
  test.each([
    ["http://u:SECRET@host/v1", "http://***@host/v1"],
    ["fetch failed: Request cannot be constructed from a URL that includes credentials: https://user:pa55@gw.example:8443/v1/chat/completions", "fetch failed: Request cannot be constructed from a URL that includes credentials: https://***@gw.example:8443/v1/chat/completions"],
    ["two: http://a:b@x/ and HTTPS://c@y?q=1", "two: http://***@x/ and HTTPS://***@y?q=1"],
    // A password with an unencoded @: the URL parser takes the last @ before the host, and so do we.
    ["http://u:p@ss@host/v1", "http://***@host/v1"],
    ['{"url":"http://u:SECRET@host"}', '{"url":"http://***@host"}'],
    ["postgres://wb:SECRET@127.0.0.1:5432/db", "postgres://***@127.0.0.1:5432/db"],
  ])("%s", (text, expected) => {
    expect(redactUrlCredentials(text)).toBe(expected);
    expect(redactUrlCredentials(text)).not.toMatch(/SECRET|pa55|:b@|p@ss/);
  });

  test.each(["http://host/v1", "mail me at someone@example.org", "http://host/a?email=x@y.org", "no url here"])("%s is left as it is", (text) => {
    expect(redactUrlCredentials(text)).toBe(text);
  });

  test("hasUrlCredentials: user, password or both; not the host or a query", () => {
    expect(hasUrlCredentials("http://u:SECRET@host/v1")).toBe(true);
    expect(hasUrlCredentials("http://u@host/v1")).toBe(true);
    expect(hasUrlCredentials("http://:p@host/v1")).toBe(true);
    expect(hasUrlCredentials("http://host/v1?user=a@b")).toBe(false);
    expect(hasUrlCredentials("https://api.openai.com/v1")).toBe(false);
  });
});
