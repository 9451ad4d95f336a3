// Part `check` of `npm run bench`: the pre-flight check of a shipment against the carrier setup file.
// 1. The time to build the index of a 30 MB setup file whose names go beyond Latin-1 (parse,
//    validation and index measured apart).
// 2. Checks per second against that index, side by side with the same checks against the index of
//    the contract's small example file: an index answers in constant time, so the two should match.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  carrierSetupIndex,
  type CarrierSetupFile,
  checkShipment,
  type CarrierSetupIndex,
  validateCarrierSetupFile,
} from 'shipping-api-v3-client';
import { setupFileOfSize } from '../fixtures/setup-file.ts';
import { median } from '../bench.ts';
import { root } from '../paths.ts';

const FILE_BYTES = 30 * 1024 * 1024;
const CHECK_ROUNDS = 5;
const CHECKS_PER_ROUND = 200_000;
const GOAL_US = 50;
const GOAL_RATIO = 2;

const time = <T>(work: () => T): [T, number] => {
  const start = performance.now();
  const value = work();
  return [value, performance.now() - start];
};

/** Carrier, product and service names in Polish, Greek, Russian, Chinese and Japanese. */
function worldNames(text: Buffer): Buffer {
  const names = ['Łódź Kurier', 'Ταχυμεταφορές', 'Доставка на дом', '快递到家', '宅配便'];
  const file = JSON.parse(text.toString('utf8')) as CarrierSetupFile;
  file.forEach((carrier, c) => {
    carrier.name = `${names[c % names.length]} ${c}`;
    for (const product of carrier.products) {
      product.name = `${names[(c + 1) % names.length]} · ${product.name}`;
      for (const combination of product.country_combinations) {
        for (const service of [...combination.available_services, ...combination.required_services])
          service.name = `${names[(c + 2) % names.length]} — ${service.name}`;
      }
    }
  });
  return Buffer.from(JSON.stringify(file));
}

/** Shipments over every route of the index's first products: passing ones and failing ones. */
function shipments(index: CarrierSetupIndex): unknown[] {
  const out: unknown[] = [];
  const seen = new Set<string>();
  for (const key of index.routeKeys()) {
    const [from, to] = key.split('|') as [string, string];
    for (const { products } of index.routes({ from, to }).slice(0, 4)) {
      for (const { product, combination } of products) {
        if (seen.has(`${product.code}|${key}`)) continue;
        seen.add(`${product.code}|${key}`);
        const body = {
          own_agreement: !combination.platform_agreement_available,
          product_code: product.code,
          ...(combination.required_services[0] ? { service_codes: combination.required_services[0].code } : {}),
          reference: 'Ordre 100234',
          sender: {
            name: 'Nordlys Sko ApS',
            address1: 'Vesterbrogade 12',
            zipcode: '1620',
            city: 'København V',
            country_code: from,
          },
          receiver: {
            name: 'Åsa Lindqvist',
            address1: 'Storgatan 3',
            zipcode: '411 38',
            city: 'Göteborg',
            country_code: to,
            email: 'asa@example.com',
          },
          parcels: [{ quantity: 1, weight: 2.5, length: 30, width: 20, height: 15 }],
        };
        out.push(
          body,
          { ...body, own_agreement: !body.own_agreement },
          { ...body, parcels: [{ quantity: 1 }] },
          { ...body, receiver: { ...body.receiver, country_code: 'US' } },
        );
      }
    }
  }
  return out;
}

function checksPerSecond(index: CarrierSetupIndex, bodies: unknown[]): number {
  const perSecond: number[] = [];
  for (let round = 0; round <= CHECK_ROUNDS; round += 1) {
    let problems = 0;
    const start = performance.now();
    for (let i = 0; i < CHECKS_PER_ROUND; i += 1)
      problems += checkShipment(index, bodies[i % bodies.length]).problems.length;
    const ms = performance.now() - start;
    if (problems === 0) throw new Error('the failing shipments found no problem');
    if (round > 0) perSecond.push(CHECKS_PER_ROUND / (ms / 1000));
  }
  return median(perSecond);
}

export async function bench(): Promise<void> {
  console.log('\nPre-flight check (dev/bench/check.ts)');
  const text = worldNames(setupFileOfSize(FILE_BYTES));
  const [data, parseMs] = time(() => JSON.parse(text.toString('utf8')) as unknown);
  const [file, validateMs] = time(() => validateCarrierSetupFile(data));
  const builds: number[] = [];
  let big: CarrierSetupIndex | undefined;
  for (let run = 0; run < 5; run += 1) {
    const [index, ms] = time(() => carrierSetupIndex(file, { validated: true }));
    builds.push(ms);
    big = index;
  }
  const products = file.reduce((n, c) => n + c.products.length, 0);
  console.log(
    `  setup file: ${(text.length / 1024 / 1024).toFixed(1)} MiB, ${file.length} carriers, ${products} products; names in Polish, Greek, Russian, Chinese, Japanese`,
  );
  console.log(
    `  JSON.parse ${parseMs.toFixed(0)} ms, validation ${validateMs.toFixed(0)} ms, index build ${median(builds).toFixed(0)} ms (median of 5)`,
  );

  const example = (
    parse(readFileSync(path.join(root, 'openapi/components/examples/CarrierSetupFile.yaml'), 'utf8')) as {
      value: CarrierSetupFile;
    }
  ).value;
  const small = carrierSetupIndex(example);
  const bigBodies = shipments(big!);
  const smallBodies = shipments(small);
  const bigRate = checksPerSecond(big!, bigBodies);
  const smallRate = checksPerSecond(small, smallBodies);
  const bigUs = 1e6 / bigRate;
  const ratio = smallRate / bigRate;
  console.log(
    `  checks against the 30 MB index: ${Math.round(bigRate).toLocaleString('en')} per second (${bigUs.toFixed(2)} µs each; ${bigBodies.length} shipments, a quarter passing)`,
  );
  console.log(
    `  checks against the example file's index: ${Math.round(smallRate).toLocaleString('en')} per second (${(1e6 / smallRate).toFixed(2)} µs each; ${smallBodies.length} shipments)`,
  );
  console.log(
    `  goal: one check under ${GOAL_US} µs against the 30 MB index: ${bigUs < GOAL_US ? 'met' : 'NOT met'} (${bigUs.toFixed(2)} µs)`,
  );
  console.log(
    `  goal: the 30 MB index checks within ${GOAL_RATIO}x of the small one (constant time): ${ratio <= GOAL_RATIO ? 'met' : 'NOT met'} (ratio ${ratio.toFixed(2)})`,
  );
}
