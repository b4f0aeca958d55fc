/**
 * The step between the checkout and the tickets, as a buyer goes through it: 'Оплатить' at the
 * checkout leaves for the payment provider's page (the YooKassa emulator of the test's API), where the
 * buyer pays or refuses, and the provider sends them back to their order's page.
 */
import type { Page } from 'puppeteer-core';

export type OrderStage = 'paid' | 'declined';

/** From the checkout to the order's page, through the provider's page; resolves on the order's final state. */
export async function payAtCheckout(page: Page, outcome: 'pay' | 'refuse' = 'pay'): Promise<void> {
  await page.locator('button::-p-text(Оплатить):not([disabled])').click();
  await page.waitForSelector('h1::-p-text(Оплата заказа)');
  await page.locator(outcome === 'pay' ? 'button::-p-text(Оплатить)' : 'button::-p-text(Отказаться)').click();
  await page.waitForSelector(`section[data-stage="${outcome === 'pay' ? 'paid' : 'declined'}"]`);
}
