import { describe, expect, test } from "vitest";
import { bindHost, isLoopback } from "./bind-host";

describe("bindHost", () => {
  test("defaults to loopback", () => {
    expect(bindHost({})).toEqual({ host: "127.0.0.1" });
    expect(bindHost({ HOST: " " })).toEqual({ host: "127.0.0.1" });
  });

  test.each(["0.0.0.0", "::", "192.168.1.20", "example.com"])("refuses %s without sign-in, naming the fix", (host) => {
    const verdict = bindHost({ HOST: host });
    expect(verdict).toEqual({ error: expect.stringMatching(/Refusing to listen on .*STUDIO_ADMIN_PASSWORD/) });
  });

  test("allows any address once sign-in is configured", () => {
    expect(bindHost({ HOST: "0.0.0.0", STUDIO_ADMIN_PASSWORD: "s3cret-pass" })).toEqual({ host: "0.0.0.0" });
  });

  test.each([["127.0.0.1", true], ["127.1.2.3", true], ["localhost", true], ["::1", true], ["[::1]", true], ["0.0.0.0", false], ["10.0.0.1", false]])(
    "isLoopback(%s) = %s",
    (host, expected) => expect(isLoopback(host)).toBe(expected),
  );
});
