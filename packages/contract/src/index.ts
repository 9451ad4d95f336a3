// The contract of the Shipping Service Public API v3 as a package: the generated types and the
// standalone validators (read through artifacts.ts, the one loader of generated/), the bundled
// description, the JSON pointers of validation problems (json-pointer.ts), the one base error of
// every package (errors.ts) and how a Partner ID's text reads (partner-id.ts). The bundle and the
// setup file's JSON Schema are files of the package too: `shipping-api-v3-contract/openapi.json`,
// `/openapi.yaml`, `/carrier-setup-file.schema.json`. The pre-flight check of a shipment is the
// subpath `./preflight`.
export * from './artifacts.ts';
export * from './errors.ts';
export * from './json-pointer.ts';
export * from './partner-id.ts';
