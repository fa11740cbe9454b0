// Which Chromium the browser test (tests/e2e/browser.test.ts) drives: the one `npm ci` installs, on
// Linux x64 only, or OCS_CHROMIUM's on any platform; checked without starting a browser.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findChromium } from '../e2e/chromium.ts';

describe('the certificate in a real browser', () => {
  it('findChromium fails where npm installs no Chromium, saying so and naming OCS_CHROMIUM', () => {
    for (const [platform, arch] of [['darwin', 'arm64'], ['win32', 'x64'], ['linux', 'arm64']]) {
      assert.throws(() => findChromium({}, platform, arch), new RegExp(`Linux x64 only, and this is ${platform} ${arch}.*set OCS_CHROMIUM`));
    }
  });

  it('OCS_CHROMIUM overrides the installed Chromium, on any platform, and must name an executable file', () => {
    assert.deepEqual(findChromium({ OCS_CHROMIUM: process.execPath }, 'darwin', 'arm64'), { executablePath: process.execPath });
    assert.throws(() => findChromium({ OCS_CHROMIUM: '/nonexistent/chromium' }), /OCS_CHROMIUM=\/nonexistent\/chromium is not an executable file/);
  });
});
