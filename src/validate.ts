// Checks data against the contract with the generated validators, and names the JSON pointer of the
// first problem when it breaks it.
import type { components } from '../generated/schema.js';
import {
  CarrierSetupFile,
  CarrierSetupStatus,
  CarrierSetupStatusCompleted,
  CarrierSetupStatusPending,
  type Validator,
} from '../generated/validators/index.js';
import { ShippingApiError, type ShippingApiErrorCode } from './errors.ts';

export type CarrierSetupFile = components['schemas']['CarrierSetupFile'];
export type CarrierSetupStatus = components['schemas']['CarrierSetupStatus'];
export type CarrierSetupState = CarrierSetupStatus['status'];

function check<T>(validator: Validator<T>, data: unknown, what: string, code: ShippingApiErrorCode, operation: string): T {
  if (validator(data)) return data;
  const problem = validator.errors?.[0];
  const pointer = problem?.instancePath ?? '';
  const missing = problem?.keyword === 'required' ? ` (${String(problem.params.missingProperty)})` : '';
  throw new ShippingApiError(`${what} breaks the contract at ${pointer === '' ? 'its root' : pointer}: ${problem?.message ?? 'invalid'}${missing}.`, {
    code,
    operation,
    pointer,
  });
}

/** The carrier setup file, checked against the contract; throws INVALID_FILE at the first problem. */
export function validateCarrierSetupFile(data: unknown): CarrierSetupFile {
  return check(CarrierSetupFile, data, 'The carrier setup file', 'INVALID_FILE', 'validateCarrierSetupFile');
}

/** The downloaded text: JSON, then the contract. */
export function parseCarrierSetupFile(text: string, operation: string): CarrierSetupFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ShippingApiError(`The carrier setup file is not JSON (${(error as Error).message}).`, { code: 'INVALID_FILE', operation, cause: error });
  }
  return check(CarrierSetupFile, data, 'The carrier setup file', 'INVALID_FILE', operation);
}

/** A carrier setup status, checked against the contract; throws INVALID_STATUS at the first problem. */
export function validateCarrierSetupStatus(data: unknown): CarrierSetupStatus {
  // The discriminator picks the branch, so that the first problem is reported from the right one.
  const status = typeof data === 'object' && data !== null ? (data as { status?: unknown }).status : undefined;
  const validator: Validator<CarrierSetupStatus> =
    status === 'COMPLETED' ? CarrierSetupStatusCompleted : status === 'REQUESTED' || status === 'IN_PROGRESS' ? CarrierSetupStatusPending : CarrierSetupStatus;
  return check(validator, data, 'The carrier setup status', 'INVALID_STATUS', 'requestCarrierSetup');
}
