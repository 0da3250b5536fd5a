import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

/** Where Debian's `chromium` package puts the browser (no browser is downloaded: the suites use the system's). */
const CHROMIUM_BINARIES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function chromiumBinary(): string {
  const found = () => CHROMIUM_BINARIES.find((path) => existsSync(path));
  if (!found() && process.getuid?.() === 0) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  const binary = found();
  if (!binary) throw new Error('Chromium is not installed: apt-get install chromium (.ci/run does it)');
  return binary;
}

/** A headless Chromium for browser tests of the pages Parley serves. */
export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumBinary(),
    headless: true,
    // Tests run as root on these machines, where Chromium's sandbox cannot start.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}
