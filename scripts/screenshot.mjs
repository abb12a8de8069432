// Screenshot of a page in Debian's Chromium, to look at the site as a reader would.
// Usage: node scripts/screenshot.mjs <url> <out.png> [width=1280] [light|dark]
import { chromium } from 'playwright-core';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
  ],
});
const [url, out, width = '1280', theme] = process.argv.slice(2);
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
if (theme) await page.addInitScript((t) => localStorage.setItem('egdocs-theme', t), theme);
await page.goto(url);
await page.waitForTimeout(300);
await page.screenshot({ path: out });
await browser.close();
