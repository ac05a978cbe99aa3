import { expect, type Locator, type Page } from "@playwright/test";

/** The /leaderboard page: rows are addressed by model label and tool set. */
export class LeaderboardPage {
  readonly table: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByTestId("leaderboard-table");
  }

  async goto(params: { gt?: "v1" | "v2026"; tools?: "all" | "domains" } = {}) {
    const search = new URLSearchParams(Object.entries(params).filter(([, value]) => value) as [string, string][]);
    await this.page.goto(`/leaderboard${search.size > 0 ? `?${search}` : ""}`);
    await expect(this.table).toBeVisible();
  }

  row(model: string, toolSet: "all" | "domains"): Locator {
    return this.page.locator(`[data-testid="leaderboard-row"][data-model="${model}"][data-tool-set="${toolSet}"]`);
  }

  accuracyOf(model: string, toolSet: "all" | "domains"): Locator {
    return this.row(model, toolSet).getByTestId("leaderboard-accuracy");
  }

  rows(): Locator {
    return this.page.getByTestId("leaderboard-row");
  }

  async openRun(model: string, toolSet: "all" | "domains") {
    await this.row(model, toolSet).getByRole("link", { name: model }).click();
    await this.page.waitForURL(/\/runs\/[^/]+$/);
  }
}
