import { describe, expect, test } from "vitest";
import { toolCallStats } from "./tool-call-stats";

describe("toolCallStats", () => {
  test("a refused call ran (ok) but counts as refused; a raised one as failed", () => {
    const stats = toolCallStats([
      { tool: "email.delete_email", ok: true, observation: "Email deleted successfully.", calls: 5 },
      { tool: "email.delete_email", ok: true, observation: "Email not found.", calls: 2 },
      { tool: "email.delete_email", ok: false, observation: "TypeError: delete_email() got an unexpected keyword argument 'id'", calls: 1 },
      { tool: "email.search_emails", ok: true, observation: null, calls: 3 },
    ]);
    expect(stats).toEqual([
      { tool: "email.delete_email", calls: 8, refused: 2, failed: 1, errorRate: 3 / 8 },
      { tool: "email.search_emails", calls: 3, refused: 0, failed: 0, errorRate: 0 },
    ]);
  });
});
