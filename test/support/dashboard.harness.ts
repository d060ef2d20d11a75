import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './stack.harness';

/** axe-core's script, evaluated in the page (through the browser's protocol, which the page's CSP does not govern). */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations of the page as it is now (WCAG 2.1 A and AA rules, best practices). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>>(
    "axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations)",
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** Records every Content-Security-Policy refusal of the page's own loads, for a test to find none. */
export async function watchPolicyViolations(page: Page): Promise<string[]> {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/** Both sizes of a page under `dir` (`<name>.desktop.png`, `<name>.phone.png`), the page left at desktop size. */
export async function screenshotBoth(page: Page, dir: string, name: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(dir, `${name}.desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(dir, `${name}.phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/**
 * Signs the owner in as a person does (docs/dashboard.md#sign-in): opens `path` of the dashboard on the platform's
 * origin, fills identity's sign-in form, and waits until the dashboard shows that page.
 */
export async function signInToDashboard(
  page: Page,
  platform: string,
  login: { email: string; password: string },
  pathname = '/admin',
): Promise<void> {
  await page.goto(`${platform}${pathname}`);
  await page.waitForURL(/\/signin\?/);
  await page.fill('#identifier', login.email);
  await page.fill('#password', login.password);
  await Promise.all([page.waitForURL(`${platform}${pathname}`), page.click('button[type="submit"]')]);
}

/** Where every dashboard page's screenshots go (`<name>.desktop.png`, `<name>.phone.png`). */
export const DASHBOARD_SCREENSHOTS = path.join(REPO_ROOT, 'test/output/dashboard');

/**
 * What every dashboard page must hold (docs/dashboard.md#testing): screenshots at desktop and phone width, nothing
 * wider than a phone (else what sticks out, by tag and class), no serious or critical axe-core violation, and no
 * Content-Security-Policy refusal so far (`refused`, from watchPolicyViolations).
 */
export async function checkDashboardPage(page: Page, name: string, refused: readonly string[]): Promise<void> {
  await screenshotBoth(page, DASHBOARD_SCREENSHOTS, name);
  await page.setViewportSize(PHONE);
  const wider = await page.evaluate<string[]>(
    `document.documentElement.scrollWidth <= window.innerWidth ? [] : [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => element.tagName.toLowerCase() + (element.className ? '.' + String(element.className).split(' ').join('.') : ''))`,
  );
  await page.setViewportSize(DESKTOP);
  expect([name, wider]).toEqual([name, []]);
  expect([name, await seriousAxeViolations(page)]).toEqual([name, []]);
  expect(refused).toEqual([]);
}
