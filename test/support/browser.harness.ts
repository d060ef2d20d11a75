import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium (/usr/bin/chromium), headless, with nothing reaching out beyond this machine: without the
 * background-networking flags it keeps trying Google's hosts, which this machine's closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
