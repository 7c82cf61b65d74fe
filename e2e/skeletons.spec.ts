import { ptText } from './catalogue';
import { expect, test, type Page } from './fixtures';

/** Holds the responses of the script chunks matching `glob` until the returned function runs. */
async function holdChunks(page: Page, glob: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(glob, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a page loaded on demand shows the skeleton of its shape until its code arrives', async ({
  page,
}) => {
  // Opened from the landing page: loaded by its address, the sign-in page comes rendered by the
  // build and shows itself, not a skeleton, while its code is on the way (landing.spec.ts).
  // The session lookup starts once the page is hydrated: the link is the app's from then on.
  const hydrated = page.waitForResponse('**/api/user');
  await page.goto('/');
  await hydrated;
  const release = await holdChunks(page, '**/assets/auth-*.js');
  await page.getByRole('link', { name: ptText('ui', 'landing.nav.signIn') }).click();
  const skeleton = page.getByRole('status', { name: ptText('ui', 'skeleton.signIn') });
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});

test('a dashboard section shows a skeleton until its code arrives', async ({
  signedInPage: { page },
}) => {
  const release = await holdChunks(page, '**/assets/settings-section-*.js');
  await page.goto('/dashboard');
  await page.locator('[data-section="settings"]').click();
  const skeleton = page.getByRole('status', { name: ptText('ui', 'skeleton.section') });
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByTestId('settings-section')).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});
