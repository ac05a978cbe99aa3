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

  async checkDomain(domain: string) {
    await this.form.locator(`input[name="domains"][value="${domain}"]`).check();
  }

  async submit() {
    await this.page.getByTestId("launch-submit").click();
  }

  fieldError(field: string): Locator {
    return this.page.getByTestId(`field-error-${field}`);
  }
}
