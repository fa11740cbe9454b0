import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { XMLBuilder } from 'fast-xml-parser';

/** The Chromium the browser test drives, and the environment it is launched with. */
export interface Chromium { executablePath: string; env?: NodeJS.ProcessEnv }

/** What `@sparticuz/chromium` ships inside its npm package: one binary, for Linux x64 (its arm64 build is not in the package). */
const SUPPORTED = { platform: 'linux', arch: 'x64' };

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The Chromium the browser test drives: `OCS_CHROMIUM` when set, else the one `npm ci` installs
 * (`@sparticuz/chromium`, a devDependency), so the check needs nothing but Node and npm.
 * Playwright's own browser download is not used (it cannot be reached here, and the README
 * promises no download). Where the package has no Chromium, the error says so and names the
 * override: the browser check must fail, never be skipped.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env, platform: string = process.platform, arch: string = process.arch): Chromium {
  if (env.OCS_CHROMIUM) {
    if (executable(env.OCS_CHROMIUM)) return { executablePath: env.OCS_CHROMIUM };
    throw new Error(`OCS_CHROMIUM=${env.OCS_CHROMIUM} is not an executable file`);
  }
  if (platform !== SUPPORTED.platform || arch !== SUPPORTED.arch) {
    throw new Error(
      `The Chromium that npm installs (@sparticuz/chromium) is built for Linux x64 only, and this is ${platform} ${arch}, ` +
      'so the certificate cannot be checked in a browser: set OCS_CHROMIUM to a Chromium or Chrome executable ' +
      '(for example OCS_CHROMIUM="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" on macOS).',
    );
  }
  const dir = unpacked();
  return {
    executablePath: join(dir, 'chromium'),
    env: {
      ...env,
      // The package's own NSS and expat, so a machine without those Debian libraries runs it too.
      LD_LIBRARY_PATH: [join(dir, 'al2023', 'lib'), env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      // The machine's fonts, and the package's Open Sans where the machine has none: without
      // any font, Chromium lays text out empty and the page's text cannot be read back.
      FONTCONFIG_FILE: join(dir, 'fonts.conf'),
    },
  };
}

/**
 * The package's Chromium, unpacked once per installed version under node_modules/.cache. The
 * package unpacks into the OS temporary directory, and would reuse any `chromium` it found
 * there (another version's, or one half written by a concurrent run), so it unpacks into a
 * private directory instead, renamed into place only when whole.
 */
function unpacked(): string {
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  const root = resolve(dirname(entry), '..', '..');
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const modules = resolve(root, '..', '..');
  const cache = join(modules, '.cache', 'ocs-conformance');
  const dir = join(cache, `chromium-${version}`);
  if (existsSync(join(dir, 'chromium'))) return dir;

  mkdirSync(cache, { recursive: true });
  const staging = mkdtempSync(join(cache, 'unpacking-'));
  try {
    // In a child, whose temporary directory is the staging one. The package unpacks its NSS
    // and expat only where it takes the machine for Amazon Linux 2023, so the child says it is.
    execFileSync(process.execPath, ['--input-type=module', '-e', "(await import('@sparticuz/chromium')).default.executablePath()"], {
      cwd: dirname(modules),
      env: { ...process.env, TMPDIR: staging, AWS_LAMBDA_JS_RUNTIME: 'nodejs20.x' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    for (const part of ['chromium', 'al2023/lib/libnss3.so', 'fonts/fonts']) {
      if (!existsSync(join(staging, part))) throw new Error(`@sparticuz/chromium@${version} did not unpack ${part}`);
    }
    writeFileSync(join(staging, 'fonts.conf'), fontsConf(dir));
    renameSync(staging, dir);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    // Another run unpacked the same version first: use its copy.
    if (existsSync(join(dir, 'chromium'))) return dir;
    throw err;
  }
  return dir;
}

/** A fontconfig file: the machine's configuration when it has one, and the package's fonts. */
function fontsConf(dir: string): string {
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true });
  return builder.build({
    '?xml': { '@_version': '1.0' },
    fontconfig: {
      include: { '@_ignore_missing': 'yes', '#text': '/etc/fonts/fonts.conf' },
      dir: join(dir, 'fonts', 'fonts'),
      cachedir: join(dir, 'fonts-cache'),
    },
  }) as string;
}
