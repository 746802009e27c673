/**
 * The deployment view's sensors (`/deployments/<updater>/<id>/sensors`) as the simulator moves them.
 */
import { expect, type Page } from '@playwright/test';
import { DEPLOYMENT_REFRESH_MS } from '../../common/firmware';

/**
 * Waits until a sensor of the deployment on screen has left Queued. The simulator releases one (for
 * Building / Waiting / Downloading / Updated); the view shows it at its next refresh, so each look
 * that finds none moves the page's clock to that refresh instead of waiting for it. The page's clock
 * must be installed (`page.clock.install()`) before the view was opened.
 */
export async function waitUntilASensorLeavesQueued(page: Page, timeout = 60_000): Promise<void> {
  const statuses = page.getByTestId('deployment-sensors').getByTestId('deployment-status');
  await expect
    .poll(
      async () => {
        const released = (await statuses.allTextContents()).filter((s) => s !== 'Queued').length;
        if (!released) await page.clock.fastForward(DEPLOYMENT_REFRESH_MS);
        return released;
      },
      { message: 'a sensor of the deployment left Queued', timeout, intervals: [500] },
    )
    .toBeGreaterThan(0);
}
