import { expect, type Locator, type Page } from "@playwright/test";

/** /runs/[id]: progress, summary cards and the result table. */
export class RunPage {
  readonly progressText: Locator;
  readonly status: Locator;
  readonly accuracy: Locator;
  readonly results: Locator;

  constructor(private readonly page: Page) {
    this.progressText = page.getByTestId("run-progress-text").first();
    this.status = page.getByTestId("run-status").first();
    this.accuracy = page.getByTestId("stat-accuracy-value");
    this.results = page.getByTestId("result-row");
  }

  async goto(runId: string, filters: Record<string, string> = {}) {
    const search = new URLSearchParams(filters);
    await this.page.goto(`/runs/${runId}${search.size > 0 ? `?${search}` : ""}`);
    await expect(this.page.getByTestId("run-name")).toBeVisible();
  }

  /** The run page refreshes itself while the run is active; wait for the final status. */
  async waitForStatus(status: string, timeout = 90_000) {
    await expect(this.status).toHaveAttribute("data-status", status, { timeout });
  }

  async openFirstResult() {
    await this.page.getByTestId("result-link").first().click();
    await this.page.waitForURL(/\/runs\/[^/]+\/tasks\/[^/]+$/);
  }
}
