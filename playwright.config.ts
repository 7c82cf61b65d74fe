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
  workers: 2,
  // Conditions are awaited, never slept on; these limits only decide how long a broken step takes
  // to fail. On 2 shared cores a page's code can take seconds to arrive and run.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A failed test keeps its trace (DOM snapshots, network, console). Without the screencast:
    // recording it for every test made 21 tests take 171 s instead of 110 s on 2 cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
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
