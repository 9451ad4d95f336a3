// Rule: the shipment body keeps the contract's ShipmentCreate schema (the types of its fields, most often).
import { ShipmentCreate } from '../../artifacts.ts';
import { firstProblem } from '../../json-pointer.ts';
import type { Findings } from '../types.ts';

/** The first break of the ShipmentCreate schema, as a SCHEMA problem; nothing when the body keeps it. */
export function checkSchema(shipment: unknown): Findings {
  if (ShipmentCreate(shipment)) return { problems: [], unchecked: [] };
  const { pointer, message } = firstProblem(ShipmentCreate.errors?.[0]);
  return {
    problems: [
      { pointer, code: 'SCHEMA', message: `The shipment breaks the contract at ${pointer || 'its root'}: ${message}.` },
    ],
    unchecked: [],
  };
}
