// Rule: service_codes is a service of the country combination, the combination's required services
// are given, and no service that needs the own agreement is used with own_agreement: false.
import { nearestCode } from '../nearest.ts';
import type { CarrierSetupIndex, CombinationServices, IndexedCombination, IndexedService } from '../setup-index.ts';
import { type Body, field, isString, OTHER_TYPE } from '../shipment-body.ts';
import type { Findings, ShipmentProblem } from '../types.ts';
import { combinationName, type Route } from './route.ts';

export interface ServiceFindings extends Findings {
  /** The services of the combination the shipment uses. */
  used: IndexedService[];
}

export function checkServices(body: Body, index: CarrierSetupIndex, { found, services }: Route): ServiceFindings {
  const named = servicesNamed(field(body, 'service_codes', isString), index, found, services);
  const missing = named.known ? requiredMissing(named.used, found, services) : [];
  const problems = [...named.problems, ...missing, ...needOwnAgreement(named.used, body.own_agreement)];
  return { problems, unchecked: named.unchecked, used: named.used };
}

/** The services service_codes names, and whether they are known (when not, the required services are not checked). */
function servicesNamed(
  codes: string | undefined | typeof OTHER_TYPE,
  index: CarrierSetupIndex,
  found: IndexedCombination,
  services: CombinationServices,
): ServiceFindings & { known: boolean } {
  const setupPointer = found.combinationPointer;
  // A service_codes of another type is a SCHEMA problem, and which services it means is unknown.
  if (codes === OTHER_TYPE) return { problems: [], unchecked: [], used: [], known: false };
  if (codes === undefined) return { problems: [], unchecked: [], used: [], known: true };
  const service = services.byCode.get(codes);
  if (service) return { problems: [], unchecked: [], used: [service], known: true };
  if (index.hasServiceCode(codes)) {
    const offered = [...services.byCode.keys()];
    const offers = offered.length > 0 ? offered.join(', ') : 'no services';
    const message = `Service ${codes} is not offered by ${combinationName(found)}; it offers ${offers}.`;
    return {
      problems: [{ pointer: '/service_codes', code: 'SERVICE_NOT_IN_COMBINATION', message, setupPointer }],
      unchecked: [],
      used: [],
      known: true,
    };
  }
  const guess = 'it may be several codes written together, and whether several may be given, and how, is not specified';
  const unchecked = {
    code: 'SERVICE_CODES_FORMAT' as const,
    pointer: '/service_codes',
    what: 'which services the shipment uses, the required services, and the fields those services require',
    reason: `${JSON.stringify(codes)} is no service code of the file; ${guess}${nearestOf(codes, services)}`,
    setupPointer,
  };
  return { problems: [], unchecked: [unchecked], used: [], known: false };
}

/** `; the nearest service code of the combination is "x"`, or nothing. */
function nearestOf(code: string, services: CombinationServices): string {
  const nearest = nearestCode(code, services.byCode.keys());
  return nearest === undefined ? '' : `; the nearest service code of the combination is ${JSON.stringify(nearest)}`;
}

function requiredMissing(
  used: readonly IndexedService[],
  found: IndexedCombination,
  services: CombinationServices,
): ShipmentProblem[] {
  const name = combinationName(found);
  return services.required
    .filter((required) => !used.some((s) => s.service.code === required.service.code))
    .map(
      ({ service, pointer }): ShipmentProblem => ({
        pointer: '/service_codes',
        code: 'REQUIRED_SERVICE_MISSING',
        message: `${name} requires service ${service.code} (${service.name}, ${pointer}), and the shipment does not give it.`,
        setupPointer: pointer,
      }),
    );
}

function needOwnAgreement(used: readonly IndexedService[], own: unknown): ShipmentProblem[] {
  return used
    .filter((service) => service.service.own_agreement_required && own === false)
    .map(
      (service): ShipmentProblem => ({
        pointer: '/service_codes',
        code: 'SERVICE_NEEDS_OWN_AGREEMENT',
        message: `Service ${service.service.code} (${service.pointer}) can only be used with the own agreement, and own_agreement is false.`,
        setupPointer: service.pointer,
      }),
    );
}
