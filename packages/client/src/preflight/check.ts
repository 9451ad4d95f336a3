// The pre-flight check as the client offers it: a shipment body checked against a carrier setup file
// or its index, by the rules of the contract package's pre-flight module.
import {
  type CarrierSetupIndex,
  type CheckShipmentOptions,
  checkShipmentAgainst,
  type ShipmentCheck,
} from 'shipping-api-v3-contract/preflight';
import type { CarrierSetupFile } from '../validate.ts';
import { toIndex } from './setup-index.ts';

/**
 * Checks a shipment body against a carrier setup file, or against its index (built once with
 * carrierSetupIndex, for many checks). Never throws for a bad shipment: every fault is a problem.
 *
 * It checks what the specification lets it check (the product, the country combination, the
 * agreement, the services, the required fields) and lists what it could not check, with the reason,
 * where the specification leaves the meaning open. A rule that finds nothing to check the rest
 * against (no object, no product, no country combination) ends the check.
 */
export function checkShipment(
  setup: CarrierSetupFile | CarrierSetupIndex,
  shipment: unknown,
  options: CheckShipmentOptions = {},
): ShipmentCheck {
  return checkShipmentAgainst(toIndex(setup, 'checkShipment'), shipment, options);
}
