// The bundle as the tools that route by path read it: Prism (mock and validation proxy) and
// `redocly drift`. The contract describes the download at no path: it is requested at the absolute
// `url` of a COMPLETED status (#/components/pathItems/CarrierSetupFile). These tools only know
// operations under `paths`, so their copy places it at the stand-in path SETUP_FILE_PATH, and the
// mock's copy points the COMPLETED example at the file it serves there. The contract gives the
// whole file as any media type (`*/*`), which Prism cannot serve a JSON example as: the mock's copy
// names application/json for it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUNDLE_JSON } from '../paths.ts';
import { makeTempDir } from '../tools.ts';

/** Where the routable copy serves the download. */
export const SETUP_FILE_PATH = '/carrier-setup-file';

/** The name of the download's path item under components.pathItems. */
export const SETUP_FILE_PATH_ITEM = 'CarrierSetupFile';

interface Bundle {
  paths: Record<string, unknown>;
  components: {
    pathItems?: Record<string, { servers?: unknown; get?: { responses: Record<string, { content?: any }> } }>;
    examples: Record<string, { value: { url?: string } }>;
  };
}

/**
 * The bundle with the download at SETUP_FILE_PATH. With `fileUrl` (the mock's copy), the COMPLETED
 * status example gives that address, so a client run against the mock reaches the file it serves,
 * and the whole file is served as application/json.
 */
export function routableBundle(fileUrl?: string, bundled?: unknown): Bundle {
  // A copy: the bundle given is left as it is.
  const bundle = (bundled ? structuredClone(bundled) : JSON.parse(readFileSync(BUNDLE_JSON, 'utf8'))) as Bundle;
  const { servers: _absoluteUrl, ...pathItem } = bundle.components.pathItems![SETUP_FILE_PATH_ITEM]!;
  bundle.paths = { ...bundle.paths, [SETUP_FILE_PATH]: pathItem };
  if (fileUrl) {
    bundle.components.examples.CarrierSetupStatusCompleted!.value.url = fileUrl;
    const whole = pathItem.get!.responses['200']!;
    const { '*/*': media, ...others } = whole.content;
    whole.content = { 'application/json': media, ...others };
  }
  return bundle;
}

/** Writes routableBundle(fileUrl, bundle) into a new temporary folder; `remove` deletes the folder. */
export function writeRoutableBundle(fileUrl?: string, bundle?: unknown): { file: string; remove: () => void } {
  const { dir, remove } = makeTempDir('shipping-routable-');
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(routableBundle(fileUrl, bundle)));
  return { file, remove };
}
