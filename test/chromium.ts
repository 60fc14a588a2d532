/**
 * Debian's Chromium, driven by playwright-core, as the browser tests and the bench use it. Its own
 * background traffic is turned off: this machine reaches no network but its own, and Chromium's
 * refused connections would otherwise pile up.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export const hasChromium = () => existsSync(CHROMIUM);

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
