// TypeScript an entry point loads, compiled once into one JavaScript module and kept under
// node_modules/.cache/ocs-compiled/, with the hash of every source it was built from: a process
// that starts it again (`ocs-conformance run`'s check of the inputs, the embedded reference)
// loads one file, with no compiler registered (tsx's loader thread and its esbuild process cost
// these about 0.2 s of CPU each, and loading the modules one by one through it as much again).
// Before it is used, every source the bundle was built from is read and hashed again: one edited
// source, or a new one it imports, and the bundle is built anew (with esbuild, which tsx brings),
// so an edited source is never run stale. Where the cache cannot be written or esbuild is
// missing, `compiled` answers undefined and the caller loads the TypeScript through tsx as before.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The package's root, where playwright.config.ts is. */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CACHE = join(ROOT, 'node_modules', '.cache', 'ocs-compiled');
/** This file's own text is part of every key: a change to how bundles are built builds them anew. */
const SELF = readFileSync(fileURLToPath(import.meta.url));

const sha = (data) => createHash('sha256').update(data).digest('hex');

/**
 * The key of a bundle: this file, esbuild's version, the root (every `import.meta.url` in a bundle
 * is its source's absolute URL: a checkout moved or copied with its node_modules builds anew) and
 * every source with its hash (tsconfig.json, which esbuild reads, among them).
 */
function keyOf(version, inputs) {
  const h = createHash('sha256').update(SELF).update(`\0${version}\0${ROOT}\0`);
  for (const [file, hash] of Object.entries(inputs).sort(([a], [b]) => (a < b ? -1 : 1))) h.update(`${file}\0${hash}\0`);
  return h.digest('hex').slice(0, 24);
}

/** The bundle built from `entry` (relative to the root) when every source it came from is unchanged. */
function cached(name) {
  try {
    const manifest = JSON.parse(readFileSync(join(CACHE, `${name}.json`), 'utf8'));
    const inputs = {};
    for (const file of Object.keys(manifest.inputs)) inputs[file] = sha(readFileSync(join(ROOT, file)));
    if (keyOf(manifest.esbuild, inputs) !== manifest.key) return undefined;
    // A rebuild by another run removes the bundle it replaces: then this one builds too.
    statSync(join(CACHE, manifest.bundle));
    return join(CACHE, manifest.bundle);
  } catch {
    return undefined;
  }
}

/**
 * Bundles `entry` with the TypeScript it imports; packages stay imports, resolved from the root's
 * node_modules as before. Each source's `import.meta.url` is its own file's URL, as it was when
 * loaded file by file (src/contract/load.ts finds the root from it).
 */
async function build(entry, name) {
  // esbuild comes with tsx (npm keeps it under tsx or beside it): found from tsx's package.
  const esbuild = createRequire(createRequire(join(ROOT, 'package.json')).resolve('tsx/package.json'))('esbuild');
  const meta = {
    name: 'ocs-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        return { contents: text, loader: 'ts' };
      });
    },
  };
  const tmp = join(CACHE, `.${name}-${process.pid}.mjs`);
  const result = await esbuild.build({
    entryPoints: [join(ROOT, entry)], outfile: tmp, absWorkingDir: ROOT, bundle: true, platform: 'node', format: 'esm', target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external', keepNames: true, metafile: true, sourcemap: 'linked', logLevel: 'silent', plugins: [meta],
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) inputs[relative(ROOT, resolve(ROOT, file))] = sha(readFileSync(resolve(ROOT, file)));
  inputs['tsconfig.json'] = sha(readFileSync(join(ROOT, 'tsconfig.json')));
  const key = keyOf(esbuild.version, inputs);
  const bundle = `${name}-${key}.mjs`;
  // The source map is named inside the bundle by its file name: moved with it.
  writeFileSync(tmp, readFileSync(tmp, 'utf8').replace(/\/\/# sourceMappingURL=\S+\s*$/, `//# sourceMappingURL=${bundle}.map\n`));
  renameSync(`${tmp}.map`, join(CACHE, `${bundle}.map`));
  renameSync(tmp, join(CACHE, bundle));
  const manifest = join(CACHE, `.${name}-${process.pid}.json`);
  writeFileSync(manifest, JSON.stringify({ key, esbuild: esbuild.version, bundle, inputs }));
  renameSync(manifest, join(CACHE, `${name}.json`));
  // Older bundles of the entry go; one a process is loading right now was read whole already.
  for (const f of readdirSync(CACHE)) if (f.startsWith(`${name}-`) && !f.startsWith(bundle)) rmSync(join(CACHE, f), { force: true });
  return join(CACHE, bundle);
}

/**
 * The compiled module of `entry` (a path relative to the root, `src/cli/main.ts`), built now if
 * its sources changed since; undefined when it cannot be built or kept (the caller uses tsx then).
 * `name` names its files under node_modules/.cache/ocs-compiled/.
 */
export async function compiled(entry, name) {
  const found = cached(name);
  if (found) return found;
  try {
    mkdirSync(CACHE, { recursive: true });
    return await build(entry, name);
  } catch {
    for (const f of safeList()) if (f.startsWith(`.${name}-${process.pid}.`)) rmSync(join(CACHE, f), { force: true });
    return undefined;
  }
}

function safeList() {
  try {
    return readdirSync(CACHE);
  } catch {
    return [];
  }
}

