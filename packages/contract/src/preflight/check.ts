// The pre-flight check: a shipment body checked against the carrier setup file before it is sent,
// rule by rule (./rules/), with what the specification leaves open listed as unchecked, and why.
import {
  checkAgreement,
  checkCustoms,
  checkParcelFields,
  checkProduct,
  checkRequiredFields,
  checkRoute,
  checkSchema,
  checkServices,
} from './rules/index.ts';
import type { CarrierSetupIndex } from './setup-index.ts';
import { isObject } from './shipment-body.ts';
import type { CheckShipmentOptions, Findings, ShipmentCheck } from './types.ts';

/**
 * Checks a shipment body against the index of a carrier setup file (built once with
 * indexCarrierSetup, for many checks). Never throws for a bad shipment: every fault is a problem.
 *
 * It checks what the specification lets it check (the product, the country combination, the
 * agreement, the services, the required fields) and lists what it could not check, with the reason,
 * where the specification leaves the meaning open. A rule that finds nothing to check the rest
 * against (no object, no product, no country combination) ends the check.
 */
export function checkShipmentAgainst(
  index: CarrierSetupIndex,
  shipment: unknown,
  options: CheckShipmentOptions = {},
): ShipmentCheck {
  const schema = checkSchema(shipment);
  if (!isObject(shipment)) return gather([schema]);
  const product = checkProduct(shipment, index);
  if (!product.product) return gather([schema, product]);
  const route = checkRoute(shipment, index, product.product);
  if (!route.route) return gather([schema, product, route]);
  const { found } = route.route;
  const agreement = checkAgreement(shipment, found);
  const customs = checkCustoms(found);
  const services = checkServices(shipment, index, route.route);
  const fields = checkRequiredFields(shipment, found, services.used, options.exactNames === true);
  const parcelFields = checkParcelFields(shipment, found);
  const result = gather(
    [schema, product, route, agreement, customs, services, fields, parcelFields],
    found.combinationPointer,
  );
  return fields.readings.length > 0 ? { ...result, readings: fields.readings } : result;
}

/** The findings of the rules, in the order they ran, as one result. */
function gather(findings: readonly Findings[], combination?: string): ShipmentCheck {
  const problems = findings.flatMap((f) => f.problems);
  const unchecked = findings.flatMap((f) => f.unchecked);
  return { ok: problems.length === 0, problems, unchecked, ...(combination === undefined ? {} : { combination }) };
}
