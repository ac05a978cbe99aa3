// Shared Playwright fixtures: page objects for the pages every spec passes through. Specs import
// { test, expect } from here rather than from @playwright/test.
import { test as base, expect, type Locator, type Page } from "@playwright/test";

export class AppShell {
  readonly nav: Locator;
  constructor(readonly page: Page) {
    this.nav = page.getByTestId("main-nav");
  }
  navLink(label: string): Locator {
    return this.nav.getByRole("link", { name: label, exact: true });
  }
}

export class HomePage {
  readonly shell: AppShell;
  readonly empty: Locator;
  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.empty = page.getByTestId("datasets-empty");
  }
  async goto() {
    await this.page.goto("/");
  }
  dataset(slug: string): Locator {
    return this.page.getByTestId(`dataset-${slug}`);
  }
  /** A ground-truth version of the official dataset (generated datasets have versions of the same names). */
  version(name: string, slug = "workbench"): Locator {
    return this.dataset(slug).getByTestId(`version-${name}`);
  }
  versionTaskCount(name: string, slug = "workbench"): Locator {
    return this.dataset(slug).getByTestId(`version-${name}-tasks`);
  }
}

export const test = base.extend<{ shell: AppShell; homePage: HomePage }>({
  shell: async ({ page }, use) => use(new AppShell(page)),
  homePage: async ({ page }, use) => use(new HomePage(page)),
});

export { expect };
