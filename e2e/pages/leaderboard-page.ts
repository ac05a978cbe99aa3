import { expect, type Locator, type Page } from "@playwright/test";

type ToolSet = "all" | "domains";

/**
 * The /leaderboard page (one row per agent configuration): rows are addressed by model label, tool set
 * and agent ("recorded" for the paper's imported results, each its own configuration).
 */
export class LeaderboardPage {
  readonly table: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByTestId("config-table");
  }

  async goto(params: { gt?: "v1" | "v2026"; tools?: ToolSet; protocol?: "2024" | "2026"; rev?: string; agent?: string; partial?: boolean } = {}) {
    const { partial, ...filters } = params;
    const search = new URLSearchParams(Object.entries(filters).filter(([, value]) => value) as [string, string][]);
    if (partial) search.set("partial", "1");
    await this.page.goto(`/leaderboard${search.size > 0 ? `?${search}` : ""}`);
    // A filter may leave no configuration: the empty state then replaces the table.
    await expect(this.table.or(this.page.getByTestId("leaderboard-empty"))).toBeVisible();
  }

  row(model: string, toolSet: ToolSet, agent = "recorded"): Locator {
    return this.page.locator(`[data-testid="config-row"][data-model="${model}"][data-tool-set="${toolSet}"][data-agent="${agent}"]`);
  }

  passAt1Of(model: string, toolSet: ToolSet, agent = "recorded"): Locator {
    return this.row(model, toolSet, agent).locator('[data-column="pass1"]');
  }

  rows(): Locator {
    return this.page.getByTestId("config-row");
  }

  async openConfiguration(model: string, toolSet: ToolSet, agent = "recorded") {
    await this.row(model, toolSet, agent).getByRole("link", { name: model }).click();
    await this.page.waitForURL(/\/leaderboard\/configurations\/[^/?]+$/);
  }

  /** Opens the configuration, then its only run. */
  async openRun(model: string, toolSet: ToolSet, agent = "recorded") {
    await this.openConfiguration(model, toolSet, agent);
    const runs = this.page.getByTestId("configuration-run");
    await expect(runs).toHaveCount(1);
    await runs.click();
    await this.page.waitForURL(/\/runs\/[^/]+$/);
  }
}

/** /leaderboard/runs: one row per finished or imported run, addressed by model label and tool set. */
export class RunLeaderboardPage {
  readonly table: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByTestId("leaderboard-table");
  }

  async goto(params: { gt?: "v1" | "v2026"; tools?: ToolSet; protocol?: "2024" | "2026"; rev?: string } = {}) {
    const search = new URLSearchParams(Object.entries(params).filter(([, value]) => value) as [string, string][]);
    await this.page.goto(`/leaderboard/runs${search.size > 0 ? `?${search}` : ""}`);
    await expect(this.table.or(this.page.getByTestId("leaderboard-empty"))).toBeVisible();
  }

  row(model: string, toolSet: ToolSet): Locator {
    return this.page.locator(`[data-testid="leaderboard-row"][data-model="${model}"][data-tool-set="${toolSet}"]`);
  }

  accuracyOf(model: string, toolSet: ToolSet): Locator {
    return this.row(model, toolSet).getByTestId("leaderboard-accuracy");
  }

  rows(): Locator {
    return this.page.getByTestId("leaderboard-row");
  }

  async openRun(model: string, toolSet: ToolSet) {
    await this.row(model, toolSet).getByRole("link", { name: model }).click();
    await this.page.waitForURL(/\/runs\/[^/]+$/);
  }
}
