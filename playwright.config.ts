import { defineConfig, devices } from '@playwright/test';

// Each worker starts its own server on a free port with a fresh embedded database (the appServer
// fixture in e2e/app-server.ts and e2e/fixtures.ts); `baseURL` comes from it. Its data directory
// is a copy of one the server made once before the workers (e2e/global-setup.ts).
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Three: a test waiting on the app (a poll, a delivery, a job) leaves a core to the others. On two
  // cores the whole run took 8.7 min with three workers, 9.7 with two, and 8.7 again with four.
  workers: 3,
  // Conditions are awaited, never slept on; these limits only decide how long a broken step takes
  // to fail. On 2 shared cores a page's code can take seconds to arrive and run.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The visitor asked for less motion: nothing animates (client/styles/theme.css), so no frame
    // is drawn for a pulse, a spinner or a dialog sliding in, and a step does not wait for an
    // element to stop moving.
    reducedMotion: 'reduce',
    // No trace by default: recorded for every test to keep only the failures', it cost a twentieth
    // of the run. To read a failure step by step, run it again with
    // `npx playwright test <file> --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium (apt-get install chromium); Playwright never downloads a browser here.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-quic',
            '--no-first-run',
            '--disable-component-update',
            '--disable-sync',
            // Chromium's fake microphone (a generated tone), the permission prompt answered
            // "allow", for e2e/testing-voice.spec.ts. Set for every test: flags of one spec's own
            // would give it workers of its own, each starting a browser and a server again.
            '--use-fake-ui-for-media-stream',
            '--use-fake-device-for-media-stream',
          ],
        },
      },
    },
  ],
});
