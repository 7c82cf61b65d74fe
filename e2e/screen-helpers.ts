import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import { ADVANCED_SECTIONS, unfoldAdvanced } from './agents-api';
import { expect, test, type Page } from './fixtures';

export const PHONE = { width: 360, height: 740 };

/** Opens a dashboard section through the phone's menu (the sidebar is hidden below md). */
export async function openSectionOnPhone(page: Page, section: string): Promise<void> {
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  if (ADVANCED_SECTIONS.includes(section)) await unfoldAdvanced(page, page.getByRole('dialog'));
  await page.getByRole('dialog').locator(`[data-section="${section}"]`).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

/**
 * The screen fits the phone: the page does not scroll sideways and the screen's main action is
 * whole inside the first screenful. A screenshot is kept in the test's output for review.
 */
export async function expectFitsPhone(page: Page, mainAction: Locator, name: string) {
  await expect(mainAction).toBeVisible();
  await expect(mainAction).toBeInViewport({ ratio: 1 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${name}: the page scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** axe-core on the page as it is: no serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  expect(serious, `${name}: serious or critical axe violations`).toEqual([]);
}
