import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Debian's binary names for its `chromium` package (and Ubuntu's older one). */
const NAMES = ['chromium', 'chromium-browser'];

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The Chromium the browser test drives: `OCS_CHROMIUM` when set, else the first `chromium` on
 * PATH. Playwright's own browser download is not used (it cannot be reached here, and the
 * README promises no download), so a missing Chromium is an error that says how to install
 * it: the browser check must fail, never be skipped.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  if (env.OCS_CHROMIUM) {
    if (executable(env.OCS_CHROMIUM)) return env.OCS_CHROMIUM;
    throw new Error(`OCS_CHROMIUM=${env.OCS_CHROMIUM} is not an executable file`);
  }
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of NAMES) if (executable(join(dir, name))) return join(dir, name);
  }
  throw new Error(
    'Chromium is not installed, so the certificate cannot be checked in a browser: install Debian\'s package with ' +
    '`apt-get install -y chromium` (as root; `.ci/run` does it), or set OCS_CHROMIUM to a Chromium executable.',
  );
}
