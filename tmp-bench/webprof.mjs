import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
const path = process.argv[2] ?? '/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
// warm the server caches
await page.goto('http://127.0.0.1:4321' + path); await page.waitForTimeout(1500);
const page2 = await browser.newPage({ viewport: { width: 390, height: 844 } });
const cdp = await page2.context().newCDPSession(page2);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page2.goto('http://127.0.0.1:4321' + path);
await page2.waitForTimeout(3000);
const { profile } = await cdp.send('Profiler.stop');
writeFileSync('/tmp/web.cpuprofile', JSON.stringify(profile));
await browser.close();
