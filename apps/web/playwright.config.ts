import { defineConfig, devices } from '@playwright/test';

/**
 * Set E2E_BASE_URL to run against a server that is already up (no webServer is started then); otherwise
 * scripts/e2e-server.mjs starts one on E2E_PORT (3100) with its OpenID provider on E2E_OAUTH_PORT (3101).
 */
const externalBaseUrl = process.env.E2E_BASE_URL;
const localBaseUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: externalBaseUrl ?? localBaseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'node ../../scripts/e2e-server.mjs',
        url: `${localBaseUrl}/api/health`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
