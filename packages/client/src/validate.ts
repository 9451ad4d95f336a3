// Checks data against the contract with the generated validators, and names the JSON pointer of the
// first problem when it breaks it.
import {
  type components,
  CarrierSetupFile as carrierSetupFileValidator,
  CarrierSetupStatus as carrierSetupStatusValidator,
  type Validator,
  firstProblem,
} from 'shipping-api-v3-contract';
import { ShippingApiError, type ShippingApiErrorCode } from './errors.ts';

export type CarrierSetupFile = components['schemas']['CarrierSetupFile'];
export type CarrierSetupStatus = components['schemas']['CarrierSetupStatus'];
export type CarrierSetupState = CarrierSetupStatus['status'];

function check<T>(
  validator: Validator<T>,
  data: unknown,
  what: string,
  code: ShippingApiErrorCode,
  operation: string,
): T {
  if (validator(data)) return data;
  const { pointer, message } = firstProblem(validator.errors?.[0]);
  throw new ShippingApiError(`${what} breaks the contract at ${pointer === '' ? 'its root' : pointer}: ${message}.`, {
    code,
    operation,
    pointer,
  });
}

/** The carrier setup file, checked against the contract; throws INVALID_FILE at the first problem. */
export function validateCarrierSetupFile(data: unknown): CarrierSetupFile {
  return check(carrierSetupFileValidator, data, 'The carrier setup file', 'INVALID_FILE', 'validateCarrierSetupFile');
}

/** The downloaded text: JSON, then the contract. */
export function parseCarrierSetupFile(text: string, operation: string): CarrierSetupFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ShippingApiError(`The carrier setup file is not JSON (${(error as Error).message}).`, {
      code: 'INVALID_FILE',
      operation,
      cause: error,
    });
  }
  return check(carrierSetupFileValidator, data, 'The carrier setup file', 'INVALID_FILE', operation);
}

/** A carrier setup status, checked against the contract; throws INVALID_STATUS at the first problem. */
export function validateCarrierSetupStatus(data: unknown): CarrierSetupStatus {
  // The generated validator follows the discriminator: the first problem comes from the branch the
  // status names.
  return check(carrierSetupStatusValidator, data, 'The carrier setup status', 'INVALID_STATUS', 'requestCarrierSetup');
}
