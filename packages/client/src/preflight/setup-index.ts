// The index of a carrier setup file as the client's users build it: the file checked against the
// contract first (INVALID_FILE, with the JSON pointer of the problem), then indexed by the contract
// package's pre-flight module, which the sandbox uses too.
import { type CarrierSetupIndex, indexCarrierSetup, isCarrierSetupIndex } from 'shipping-api-v3-contract/preflight';
import { ShippingApiError } from '../errors.ts';
import { type CarrierSetupFile, validateCarrierSetupFile } from '../validate.ts';

/**
 * Builds the index of a carrier setup file. The file is validated against the contract first unless
 * `{ validated: true }` says that it has been already; an invalid file throws INVALID_FILE naming the
 * JSON pointer of the problem.
 */
export function carrierSetupIndex(file: CarrierSetupFile, options: { validated?: boolean } = {}): CarrierSetupIndex {
  return indexCarrierSetup(options.validated ? file : validateCarrierSetupFile(file));
}

/** The index of a file, or the index itself when given one. */
export function toIndex(setup: CarrierSetupFile | CarrierSetupIndex, operation: string): CarrierSetupIndex {
  if (isCarrierSetupIndex(setup)) return setup;
  if (!Array.isArray(setup)) {
    throw new ShippingApiError(
      `${operation} needs a carrier setup file (an array of carriers) or an index made by carrierSetupIndex.`,
      {
        code: 'INVALID_OPTIONS',
        operation,
        option: 'setup',
      },
    );
  }
  return carrierSetupIndex(setup);
}
