// openapi-to-postmanv2 turns the generator profile into a Postman collection (request values from
// the contract's examples), and newman runs it against the Prism mock of the bundle: every request
// is accepted.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningPrism } from '../../dev/mock/prism.ts';
import { freePort } from '../../dev/cli.ts';
import { toolchainModule } from '../../dev/toolchains.ts';
import { KEY, PROFILE, USER } from '../support/harness/client-generators.ts';

interface Collection {
  item: unknown[];
}
interface ConversionResult {
  result: boolean;
  reason?: string;
  output?: { type: string; data: Collection }[];
}
const Converter = toolchainModule<{
  convertV2(
    input: { type: 'string'; data: string },
    options: Record<string, unknown>,
    callback: (error: Error | null, result: ConversionResult) => void,
  ): void;
}>('generators', 'openapi-to-postmanv2');
interface Execution {
  item: { name: string };
  response?: { code: number };
  requestError?: Error;
}
type Newman = {
  run(
    options: Record<string, unknown>,
    callback: (error: Error | null, summary: { run: { executions: Execution[] } }) => void,
  ): void;
};
/**
 * newman 6.2.2 (the latest) copies every property of `fs` as it loads, reading the deprecated
 * `fs.F_OK` on the way, and Node 24 warns about that read (DEP0176). Deprecation warnings are held
 * back while newman loads and only then: any other one still shows.
 */
function loadNewman(): Newman {
  const before = process.noDeprecation;
  process.noDeprecation = true;
  try {
    return toolchainModule<Newman>('generators', 'newman');
  } finally {
    process.noDeprecation = before;
  }
}
const newman = loadNewman();

function convert(file: string): Promise<ConversionResult> {
  return new Promise((resolve, reject) => {
    // Example: request values from the contract's examples, not placeholders such as <integer>.
    Converter.convertV2(
      { type: 'string', data: readFileSync(file, 'utf8') },
      { parametersResolution: 'Example', folderStrategy: 'Tags' },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function run(collection: Collection, baseUrl: string): Promise<Execution[]> {
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection,
        envVar: [
          { key: 'baseUrl', value: baseUrl },
          { key: 'basicAuthUsername', value: USER },
          { key: 'basicAuthPassword', value: KEY },
        ],
        reporters: [],
        timeoutRequest: 30_000,
      },
      (error, summary) => (error ? reject(error) : resolve(summary.run.executions)),
    );
  });
}

let mock: RunningPrism;
beforeAll(async () => {
  mock = await startMock({ port: await freePort() });
});
afterAll(async () => {
  await mock?.stop();
});

describe('openapi-to-postmanv2 and newman', () => {
  let collection: Collection;

  it('converts the generator profile into a collection', async () => {
    const converted = await convert(PROFILE);
    expect(converted.result, converted.reason).toBe(true);
    collection = converted.output![0]!.data;
  });

  it('runs every request of the collection against the mock, each accepted', async () => {
    const executions = await run(collection, mock.url);
    expect(executions.map((e) => `${e.item.name}: ${e.requestError?.message ?? e.response?.code}`)).toEqual([
      'Request, poll and locate the carrier setup file: 200',
      'Create a shipment: 200',
      'Create a sales order: 200',
      'Create an imported shipment: 200',
      'Create a shipment draft: 200',
    ]);
  });
});
