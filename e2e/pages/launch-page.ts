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

  fieldError(field: string): Locator {
    return this.page.getByTestId(`field-error-${field}`);
  }
}
