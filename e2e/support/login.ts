import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'admin-demo-pass';

/** Signs in through the password form on the login screen. */
export async function loginWithPassword(page: Page, username: string, password = PASSWORD) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Password login' }).click();
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function signIn(page: Page, username: string) {
  await loginWithPassword(page, username);
  await expect(page).toHaveURL(/\/(installations|sensors)/);
}

export const sidebar = (page: Page) => page.getByTestId('app-menu');
