import { expect, type Locator, type Page } from "@playwright/test";

/** The /runs/new launch form. */
export class LaunchPage {
  readonly form: Locator;

  constructor(private readonly page: Page) {
    this.form = page.getByTestId("launch-form");
  }

  async goto() {
    await this.page.goto("/runs/new");
    await expect(this.form).toBeVisible();
  }

  async chooseAgent(agent: string) {
    await this.page.locator("#agent").selectOption(agent);
  }

  async fill(field: string, value: string) {
    await this.page.locator(`#${field}`).fill(value);
  }

  async choose(field: string, value: string) {
    await this.page.locator(`#${field}`).selectOption(value);
  }

  /** Fills a field even when the form disabled it (what a user with devtools can do). */
  async forceFill(field: string, value: string) {
    const input = this.page.locator(`#${field}`);
    await input.evaluate((element) => element.removeAttribute("disabled"));
    await input.fill(value);
  }

  endpointOption(name: string): Locator {
    return this.page.locator(`#endpoint option[value="${name}"]`);
  }

  async checkDomain(domain: string) {
    await this.form.locator(`input[name="domains"][value="${domain}"]`).check();
  }

  async submit() {
    await this.page.getByTestId("launch-submit").click();
  }

  /**
   * The form opened with `agent` on the mock endpoint, serving `model`: how most run specs start. Without
   * `baseUrl` Studio answers itself (the in-process scripted model); with one, a mock server the spec started.
   */
  async fillMockRun(agent: string, model: string, baseUrl?: string) {
    await this.goto();
    await this.chooseAgent(agent);
    await this.choose("endpoint", "mock");
    await this.fill("model", model);
    if (baseUrl !== undefined) await this.fill("baseUrl", baseUrl);
  }

  /** A field's hint (shown when it has no error). */
  field(name: string): Locator {
    return this.page.getByTestId(`field-${name}`);
  }

  /** Submits and waits for the new run's page. */
  async submitAndOpenRun() {
    await this.submit();
    await this.page.waitForURL(/\/runs\/(?!new)[^/]+$/, { timeout: 30_000 });
  }

  fieldError(field: string): Locator {
    return this.page.getByTestId(`field-error-${field}`);
  }
}
