// What every cell of the generator matrix shares: the generators of toolchains/generators (out of the
// root install, dev/toolchains.ts), a work folder that sees what the generated code imports, a
// type-check and build of generated code with the project's TypeScript, a run of the built driver
// against the sandbox, and the request bodies taken from the contract's examples.
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { BUNDLE_YAML, GENERATOR_PROFILE_PATH, root } from '../../../dev/paths.ts';
import { installedToolchain, toolchainModules } from '../../../dev/toolchains.ts';
import { makeTempDir, runBin } from '../../../dev/tools.ts';
import { startSandbox } from 'shipping-api-v3-sandbox';
import { basic } from '../fixtures/basic.ts';

const run = promisify(execFile);

/** The bundle: what the contract says, every construct kept. */
export const BUNDLE = BUNDLE_YAML;
/** The generator profile of the bundle (docs/generating-clients.md). */
export const PROFILE = GENERATOR_PROFILE_PATH;
/** The standalone JSON Schema of the carrier setup file. */
export const SETUP_FILE_SCHEMA = path.join(root, 'openapi/schemas/carrier-setup-file.schema.json');

export const USER = 'generators';
export const KEY = 'matrix-key';
export const PARTNER_ID = '10042';
export const BASIC = basic(USER, KEY);

/**
 * A new folder, with the generators' node_modules linked in so generated imports resolve (zod,
 * @zodios/core, axios), and the compiler options integrators would use (strict, ES modules on Node).
 */
export function workDir(name: string): { dir: string; remove: () => void } {
  const { dir, remove } = makeTempDir(`shipping-${name}-`);
  symlinkSync(toolchainModules('generators'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  // Written first: generators read it to choose how to write imports.
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        strict: true,
        types: [],
        skipLibCheck: true,
        outDir: 'dist',
      },
      include: ['**/*.ts'],
      exclude: ['node_modules', 'dist'],
    }),
  );
  return { dir, remove };
}

/** Runs a generator's command line (toolchains/generators); the tool's own output comes back as the message. */
export function generate(pkg: string, bin: string, args: string[], cwd: string): { ok: boolean; output: string } {
  const result = runBin(pkg, bin, args, { cwd, from: installedToolchain('generators') });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

/**
 * Type-checks and builds every .ts file of dir with the project's TypeScript into dir/dist.
 * Returns tsc's own messages; empty when everything type-checks.
 */
export function typecheck(dir: string): string {
  const checked = runBin('typescript', 'tsc', ['-p', path.join(dir, 'tsconfig.json')], { cwd: dir });
  return (
    `${checked.stdout}${checked.stderr}`.trim() || (checked.status === 0 ? '' : `tsc exited with ${checked.status}`)
  );
}

/** One call the driver made: the operation and the HTTP status it got, or the error it threw. */
interface Call {
  operation: string;
  status?: number;
  body?: unknown;
  error?: string;
}

/**
 * Runs the `run(baseUrl, user, key, partnerId)` export of dist/<file>.js of dir in a process of its
 * own; it resolves to the calls the generated client made.
 */
async function drive(dir: string, file: string, baseUrl: string): Promise<Call[]> {
  const runner = path.join(dir, 'run.mjs');
  writeFileSync(
    runner,
    `import { run } from './dist/${file}';\nconst [baseUrl, user, key, partnerId] = process.argv.slice(2);\nprocess.stdout.write(JSON.stringify(await run(baseUrl, user, key, partnerId)));\n`,
  );
  // Not spawnSync: the sandbox answers from this process.
  const { stdout } = await run(process.execPath, [runner, baseUrl, USER, KEY, PARTNER_ID], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
  }).catch((error: { code?: unknown; stdout?: string; stderr?: string }) => {
    throw new Error(`The driver exited with ${error.code}:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
  return JSON.parse(stdout) as Call[];
}

/** The request bodies of the four creations: the contract's examples. */
function bodies(): Record<'shipment' | 'salesOrder' | 'importedShipment' | 'shipmentDraft', unknown> {
  const examples = (
    parse(readFileSync(BUNDLE, 'utf8')) as { components: { examples: Record<string, { value: unknown }> } }
  ).components.examples;
  return {
    shipment: examples.ShipmentCreate!.value,
    salesOrder: examples.SalesOrderCreate!.value,
    importedShipment: examples.ImportedShipmentCreateLegacyPartnerId!.value,
    shipmentDraft: examples.ShipmentDraftCreate!.value,
  };
}

/** TypeScript declarations of the four bodies, typed with the generated types named. */
export function typedBodies(
  types: Record<'shipment' | 'salesOrder' | 'importedShipment' | 'shipmentDraft', string>,
): string {
  const values = bodies();
  return (Object.keys(types) as (keyof typeof types)[])
    .map((name) => `const ${name}: ${types[name]} = ${JSON.stringify(values[name], null, 2)};`)
    .join('\n');
}

/** What every driver declares: its entry point's calls list and a way to record a thrown error. */
export const DRIVER_PRELUDE = `type Call = { operation: string; status?: number; body?: unknown; error?: string; typed?: true };
const failure = (error: unknown): string => (error instanceof Error ? error.message : JSON.stringify(error));
`;

export interface Sandbox {
  baseUrl: string;
  /** Partner attributions the sandbox recorded for the matrix's user. */
  attributions(): Promise<{ resource: string; partnerId: number | null; source: string }[]>;
  close(): Promise<void>;
}

/** The sandbox on a free loopback port, generating the setup file at once and allowing quick polls. */
export async function sandbox(): Promise<Sandbox> {
  const running = await startSandbox({ generationMs: 0, minPollMs: 0 });
  return {
    baseUrl: running.baseUrl,
    async attributions() {
      const response = await fetch(`${running.origin}/_sandbox/attributions`, { headers: { Authorization: BASIC } });
      return (
        (await response.json()) as { attributions: { resource: string; partnerId: number | null; source: string }[] }
      ).attributions;
    },
    close: () => running.close(),
  };
}

/** The checks every client cell makes of the calls its driver made. */
const EXPECTED_OPERATIONS = [
  'requestCarrierSetup',
  'createShipment',
  'createSalesOrder',
  'createImportedShipment',
  'createShipmentDraft',
];

/** Reads every generated .ts file under dir (not the driver), for checks of what was generated. */
export function generatedSource(dir: string, files: string[]): string {
  return files.map((file) => readFileSync(path.join(dir, file), 'utf8')).join('\n');
}

/**
 * What a working client did against the sandbox: polled the lifecycle to COMPLETED, made the four
 * creations (2xx), and the sandbox attributed each to the Partner ID of the header.
 */
async function expectWorkingClient(
  calls: Call[],
  target: Sandbox,
  expect: typeof import('vitest').expect,
): Promise<void> {
  const polls = calls.filter((call) => call.operation === 'requestCarrierSetup');
  expect(polls.map((call) => call.error ?? call.status)).toContain(200);
  expect((polls.at(-1)?.body as { status?: string } | undefined)?.status).toBe('COMPLETED');
  const creations = calls.filter((call) => call.operation !== 'requestCarrierSetup');
  expect(creations.map((call) => `${call.operation} ${call.error ?? call.status}`)).toEqual(
    EXPECTED_OPERATIONS.slice(1).map((operation) => `${operation} 201`),
  );
  const attributed = (await target.attributions()).map((a) => `${a.resource} ${a.partnerId} ${a.source}`);
  expect(attributed).toEqual([
    'shipment 10042 header',
    'sales_order 10042 header',
    'imported_shipment 10042 header',
    'shipment_draft 10042 header',
  ]);
}

/** Writes `driver` beside the generated client as driver.ts and type-checks both; '' when clean. */
export function typecheckDriver(dir: string, driver: string): string {
  writeFileSync(path.join(dir, 'driver.ts'), driver);
  return typecheck(dir);
}

/** Runs the compiled driver against a sandbox of its own and checks every call the generated client made. */
export async function driveAgainstSandbox(dir: string, expect: typeof import('vitest').expect): Promise<void> {
  const target = await sandbox();
  try {
    await expectWorkingClient(await drive(dir, 'driver.js', target.baseUrl), target, expect);
  } finally {
    await target.close();
  }
}
