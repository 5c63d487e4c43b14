/**
 * Reading Vite's build manifest (dist/.vite/manifest.json): what a module's chunk pulls in. The
 * public entry's portal prefetch list (vite.config.ts) and the bundle check (scripts/bundle-size.ts)
 * both use it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export const manifestPath = (outDir: string) => join(outDir, '.vite', 'manifest.json');

export function readManifest(outDir: string): Manifest | null {
  const path = manifestPath(outDir);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : null;
}

/** Every file of the build the manifest describes (to tell the portal's files from the light entries'). */
export function allFiles(manifest: Manifest): Set<string> {
  return new Set(Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
}

/** The files (JS and CSS, without leading slash) a manifest key loads: its chunk and its static imports, transitively. */
export function filesOf(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...files];
}

/** The portal's entry and the toasts it loads beside the first screen after sign-in. */
const portalEntry = (manifest: Manifest) => ['index.html', ...(manifest['index.html']?.dynamicImports ?? []).filter((key) => /toast/i.test(key))];

/** The shell and first screen of each audience after sign-in. */
export const FIRST_SCREEN_MODULES = {
  staff: ['src/app/StaffApp.tsx', 'src/app/SignedInLayout.tsx', 'src/features/shell/screens/StaffLayout.tsx', 'src/features/home/screens/HomeScreen.tsx'],
  client: ['src/app/ClientApp.tsx', 'src/features/client-portal/screens/ClientDashboard.tsx'],
} as const;

export type PortalPrefetch = { staff: string[]; client: string[] };

/** The asset URLs the portal loads up to each audience's first screen (the public entry prefetches them). */
export function portalPrefetch(manifest: Manifest): PortalPrefetch {
  const urls = (keys: readonly string[]) => filesOf(manifest, [...portalEntry(manifest), ...keys]).map((f) => `/${f}`);
  return { staff: urls(FIRST_SCREEN_MODULES.staff), client: urls(FIRST_SCREEN_MODULES.client) };
}
