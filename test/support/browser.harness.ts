import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium (/usr/bin/chromium), headless, with nothing reaching out beyond this machine: without the
 * background-networking flags it keeps trying Google's hosts, which this machine's closed network refuses.
 */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** Chromium's flag resolving a host name (a store's custom domain) to this machine, as its DNS record would. */
export const resolveToThisMachine = (hostName: string): string => `--host-resolver-rules=MAP ${hostName} 127.0.0.1`;
