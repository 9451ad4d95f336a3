// The build manifest, generated/build-manifest.json: for each step, the content hashes of the inputs
// it was made from and of the files it made, and the files the root reached through $ref. Whether a
// generated file is stale is then a matter of hashing, not of making it again.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../../paths.ts';
import type { StepName } from './steps.ts';

export const MANIFEST = 'generated/build-manifest.json';

export interface StepRecord {
  /** Input → its content hash (a file of the repository) or version (a tool under node_modules/). */
  inputs: Record<string, string>;
  /** File made → its content hash. */
  outputs: Record<string, string>;
}

export interface Manifest {
  /** The files the root reached through $ref when it was bundled. */
  reached: string[];
  steps: Partial<Record<StepName, StepRecord>>;
}

/** The manifest of the working tree, or undefined when there is none (or it does not parse). */
export function readManifest(dir = root): Manifest | undefined {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    return Array.isArray(manifest.reached) && manifest.steps && typeof manifest.steps === 'object'
      ? manifest
      : undefined;
  } catch {
    return undefined;
  }
}

const sorted = (record: Record<string, string>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The manifest as written: keys in a fixed order, so that the same build writes the same bytes. */
export function manifestText(manifest: Manifest, order: StepName[]): string {
  const steps = Object.fromEntries(
    order.flatMap((name) => {
      const step = manifest.steps[name];
      return step ? [[name, { inputs: sorted(step.inputs), outputs: sorted(step.outputs) }]] : [];
    }),
  );
  return `${JSON.stringify({ reached: [...manifest.reached].sort(), steps }, null, 2)}\n`;
}

/** Whether two records of inputs are the same. */
export function sameInputs(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
