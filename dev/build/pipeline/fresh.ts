// Whether the files `npm run build` makes are fresh, decided from content hashes against the build
// manifest: `ensureFresh` for the test suite (no test judges an old contract), and `staleOutputs`
// for `npm run build:check`, which makes again only the steps whose inputs changed, to name exactly
// the files that differ.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { root } from '../../paths.ts';
import { hashFile, hashOf } from './inputs.ts';
import { type Manifest, MANIFEST, readManifest } from './manifest.ts';
import { inputsOf, runManifestText, runSteps, writeRun } from './run.ts';
import { STEPS, type StepContext, type StepName } from './steps.ts';

export interface Staleness {
  step: StepName;
  /** What is stale, in a few words: an input that changed, or a made file that differs. */
  reason: string;
}

/**
 * What is stale, by hashing alone: each step whose inputs differ from those recorded, and each made
 * file that differs from what was made (edited by hand). Makes nothing.
 */
export function staleness(previous: Manifest | undefined = readManifest()): Staleness[] {
  if (!previous) return STEPS.map((step) => ({ step: step.name, reason: `${MANIFEST} is missing` }));
  const context: StepContext = { made: new Map(), outputs: new Map(), reached: previous.reached };
  const found: Staleness[] = [];
  for (const step of STEPS) {
    const recorded = previous.steps[step.name];
    if (!recorded) {
      found.push({ step: step.name, reason: `${MANIFEST} has no record of it` });
      continue;
    }
    const now = inputsOf(step, context);
    const changed = [...new Set([...Object.keys(now), ...Object.keys(recorded.inputs)])].filter(
      (input) => now[input] !== recorded.inputs[input],
    );
    for (const input of changed) found.push({ step: step.name, reason: `${input} changed` });
    for (const [file, hash] of Object.entries(recorded.outputs)) {
      context.outputs.set(file, hash);
      if (hashFile(file) !== hash) found.push({ step: step.name, reason: `${file} differs from what was made` });
    }
  }
  return found;
}

/** Makes again the stale steps (those `found` names, and those after whose inputs then change) and writes them. */
export async function remake(found: Staleness[], previous = readManifest(), skip: StepName[] = []): Promise<string[]> {
  const force = [...new Set(found.map((stale) => stale.step))].filter((step) => !skip.includes(step));
  const run = await runSteps({ previous, force, skip });
  return writeRun(run);
}

export interface FreshOptions {
  /** Make what is stale in-process instead of failing. */
  remake?: boolean;
  /** Steps not to remake now, though stale (they stay stale, and the next check remakes them). */
  skip?: StepName[];
}

/**
 * Returns when every file `npm run build` makes is fresh (about 0.1 s: hashing only). When one is
 * stale, makes it again with `remake`, or throws an error naming what changed and `npm run build`.
 * Returns the files it wrote.
 */
export async function ensureFresh({ remake: remakeStale = false, skip = [] }: FreshOptions = {}): Promise<string[]> {
  const previous = readManifest();
  const found = staleness(previous);
  if (found.length === 0) return [];
  if (remakeStale) return remake(found, previous, skip);
  const reasons = [...new Set(found.map((stale) => stale.reason))];
  const shown = reasons.slice(0, 5).join('; ') + (reasons.length > 5 ? `; and ${reasons.length - 5} more` : '');
  throw new Error(
    `The generated files are stale (${shown}): run \`npm run build\` so that the tests judge the contract as it is.`,
  );
}

/**
 * Makes every step but those skipped once in memory, writing nothing: a watch does it while its first
 * run goes on, and `npm run dev` once its servers are up, so that the tools are loaded and warm before
 * the first save, which is then answered as fast as the next. The event loop turns between two steps:
 * the servers beside it answer meanwhile.
 */
export async function warmSteps(skip: StepName[] = []): Promise<void> {
  const force = STEPS.map((step) => step.name).filter((name) => !skip.includes(name));
  await runSteps({
    previous: readManifest(),
    force,
    skip,
    made: () => setImmediate(),
  });
}

/** The files a build puts where they are committed: all but the contract package's copy, which npm install makes. */
const committed = (file: string) => !file.startsWith('packages/contract/generated/');

function filesUnder(dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/**
 * The committed files `npm run build` makes that differ from what it would make now, or that it no
 * longer makes; relative to the root, sorted. Only the steps whose inputs changed are made again,
 * in memory; nothing is written.
 */
export async function staleOutputs(): Promise<string[]> {
  const previous = readManifest();
  const run = await runSteps({ previous });
  const stale = new Set<string>();
  const made = new Set<string>([MANIFEST]);
  for (const record of Object.values(run.manifest.steps))
    for (const [file, hash] of Object.entries(record.outputs)) {
      if (!committed(file)) continue;
      made.add(file);
      const content = run.made.get(file);
      if (hashFile(file) !== (content === undefined ? hash : hashOf(content))) stale.add(file);
    }
  const manifest = existsSync(path.join(root, MANIFEST)) ? readFileSync(path.join(root, MANIFEST), 'utf8') : '';
  if (manifest !== runManifestText(run)) stale.add(MANIFEST);
  const leftovers = [
    ...filesUnder('generated'),
    ...filesUnder('docs').filter((file) => /^docs\/[^/]+\.html$/.test(file)),
  ];
  for (const file of leftovers) if (!made.has(file)) stale.add(file);
  return [...stale].sort();
}

/** Makes every step whose inputs changed (every step when `all`), and writes them; returns the files written. */
export async function build({ all = false }: { all?: boolean } = {}): Promise<{ written: string[]; ran: StepName[] }> {
  const run = await runSteps({ previous: all ? undefined : readManifest() });
  return { written: writeRun(run), ran: run.ran };
}
