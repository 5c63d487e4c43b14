import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refuses a lock file whose entries no longer satisfy the ranges that
 * ask for them. A dependency asked for by a dist-tag ("latest", "next") is
 * satisfied only until the registry moves the tag, so a clean install that
 * passed yesterday fails today. Every such dependency must be pinned by an
 * override in package.json.
 */
const root = new URL('../../', import.meta.url);
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }>;
};
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  overrides?: Record<string, unknown>;
};

/** A spec that names a registry tag rather than a version or a range. */
const isDistTag = (spec: string): boolean => /^[a-z][a-z0-9-]*$/i.test(spec) && !/^(x|\*)$/i.test(spec);

const parentName = (path: string): string => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

function overridden(parent: string, dependency: string): string | undefined {
  const overrides = manifest.overrides ?? {};
  const scoped = overrides[parent];
  if (scoped && typeof scoped === 'object' && typeof (scoped as Record<string, unknown>)[dependency] === 'string') {
    return (scoped as Record<string, string>)[dependency];
  }
  const global = overrides[dependency];
  return typeof global === 'string' ? global : undefined;
}

describe('package-lock.json', () => {
  it('pins every dependency that a package asks for by a dist-tag', () => {
    const unpinned: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path) continue;
      const wanted = { ...entry.dependencies, ...entry.optionalDependencies };
      for (const [dependency, spec] of Object.entries(wanted)) {
        if (!isDistTag(spec)) continue;
        const pin = overridden(parentName(path), dependency);
        const locked = lock.packages[`node_modules/${dependency}`] as { version?: string } | undefined;
        if (!pin || pin !== locked?.version) unpinned.push(`${parentName(path)} → ${dependency}@${spec}`);
      }
    }
    expect(unpinned).toEqual([]);
  });
});
