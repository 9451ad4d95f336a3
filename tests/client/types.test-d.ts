// The types a user of the package touches, checked against the contract's generated types by tsc
// as part of tsconfig.json (npm run typecheck): what each call takes and what it
// resolves to.
import { expectTypeOf } from 'vitest';
import type { components, operations } from '../../generated/schema.js';
import {
  type CarrierSetupFile,
  type CarrierSetupStatus,
  createShippingClient,
  type DownloadProgress,
  fetchCarrierSetup,
  type ShippingApiErrorCode,
  ShippingApiError,
  type ShippingClientOptions,
  validateCarrierSetupFile,
  validateCarrierSetupStatus,
} from 'shipping-api-v3-client';

type Schemas = components['schemas'];
/** The body of a response object, as the contract gives it: JSON, or any media type where the shape is not shown. */
type JsonOf<R> = R extends { content: { 'application/json': infer C } }
  ? C
  : R extends { content: { '*/*': infer C } }
    ? C
    : never;
type SuccessOf<Op> = Op extends { responses: infer Rs }
  ? JsonOf<Rs[Extract<keyof Rs, 200 | 201 | 202 | '2XX'>]>
  : never;
type ErrorOf<Op> = Op extends { responses: infer Rs }
  ? JsonOf<Rs[Exclude<keyof Rs, 200 | 201 | 202 | 204 | 206 | '2XX'>]>
  : never;
type BodyOf<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

const client = createShippingClient({
  baseUrl: 'https://shipping.example/api/public/v3',
  username: 'user',
  apiKey: 'key',
  partnerId: 10042,
  credentialOrigins: ['https://files.shipping.example'],
});

export async function carrierSetupStatus() {
  const { data, error } = await client.GET('/setups/carriers');
  expectTypeOf(data).toEqualTypeOf<SuccessOf<operations['requestCarrierSetup']> | undefined>();
  expectTypeOf(data).toEqualTypeOf<Schemas['CarrierSetupStatus'] | undefined>();
  expectTypeOf(error).toEqualTypeOf<ErrorOf<operations['requestCarrierSetup']> | undefined>();
  if (data) {
    const status: Schemas['CarrierSetupStatus'] = data;
    if (data.status === 'COMPLETED') {
      expectTypeOf(data.url).toEqualTypeOf<string>();
      expectTypeOf(data.expires_at).toEqualTypeOf<string>();
    } else {
      // The pending statuses keep their null-typed keys.
      expectTypeOf(data.url).toEqualTypeOf<null>();
      expectTypeOf(data.expires_at).toEqualTypeOf<null>();
      expectTypeOf(data.status).toEqualTypeOf<'REQUESTED' | 'IN_PROGRESS'>();
    }
    return status;
  }
}

export async function creations(
  shipment: Schemas['ShipmentCreate'],
  order: Schemas['SalesOrderCreate'],
  imported: Schemas['ImportedShipmentCreate'],
  draft: Schemas['ShipmentDraftCreate'],
) {
  const created = await client.POST('/shipments', { body: shipment });
  expectTypeOf(created.data).toEqualTypeOf<SuccessOf<operations['createShipment']> | undefined>();
  expectTypeOf(created.error).toEqualTypeOf<ErrorOf<operations['createShipment']> | undefined>();
  expectTypeOf((await client.POST('/sales_orders', { body: order })).data).toEqualTypeOf<
    SuccessOf<operations['createSalesOrder']> | undefined
  >();
  expectTypeOf((await client.POST('/imported_shipments', { body: imported })).data).toEqualTypeOf<
    SuccessOf<operations['createImportedShipment']> | undefined
  >();
  expectTypeOf((await client.POST('/shipment_drafts', { body: draft })).data).toEqualTypeOf<
    SuccessOf<operations['createShipmentDraft']> | undefined
  >();
  expectTypeOf(shipment).toEqualTypeOf<BodyOf<operations['createShipment']>>();
  expectTypeOf(order).toEqualTypeOf<BodyOf<operations['createSalesOrder']>>();
  expectTypeOf(imported).toEqualTypeOf<BodyOf<operations['createImportedShipment']>>();
  expectTypeOf(draft).toEqualTypeOf<BodyOf<operations['createShipmentDraft']>>();
  // @ts-expect-error: the body of a creation is required.
  await client.POST('/shipments', {});
  // @ts-expect-error: the body is checked against the contract.
  await client.POST('/sales_orders', { body: { order_id: 42 } });
  // @ts-expect-error: no such path in the contract.
  await client.GET('/setups/carrier');
  // @ts-expect-error: the download lives at the absolute url of a COMPLETED status, under no path.
  await client.GET('/carrier-setup-file');
}

export async function workflow() {
  const file = await fetchCarrierSetup(client, {
    onStatus: (status) => expectTypeOf(status).toEqualTypeOf<Schemas['CarrierSetupStatus']>(),
    onProgress: (progress) => expectTypeOf(progress).toEqualTypeOf<DownloadProgress>(),
  });
  expectTypeOf(file).toEqualTypeOf<Schemas['CarrierSetupFile']>();
  expectTypeOf<CarrierSetupFile>().toEqualTypeOf<Schemas['CarrierSetupFile']>();
  expectTypeOf<CarrierSetupStatus>().toEqualTypeOf<Schemas['CarrierSetupStatus']>();
  expectTypeOf(validateCarrierSetupFile).returns.toEqualTypeOf<Schemas['CarrierSetupFile']>();
  expectTypeOf(validateCarrierSetupStatus).returns.toEqualTypeOf<Schemas['CarrierSetupStatus']>();
  expectTypeOf<DownloadProgress>().toEqualTypeOf<{ receivedBytes: number; totalBytes: number | undefined }>();
  expectTypeOf<ShippingClientOptions['credentialOrigins']>().toEqualTypeOf<readonly string[] | undefined>();
  expectTypeOf<ShippingClientOptions['fetch']>().toEqualTypeOf<((request: Request) => Promise<Response>) | undefined>();
  const error = new ShippingApiError('x', { code: 'EXPIRED', operation: 'fetchCarrierSetup' });
  expectTypeOf(error.code).toEqualTypeOf<ShippingApiErrorCode>();
  expectTypeOf(error.status).toEqualTypeOf<number | undefined>();
  expectTypeOf(error.pointer).toEqualTypeOf<string | undefined>();
}
