// Rule: a country combination with customs_declaration_required; the fields of a customs declaration
// are not specified, so the declaration is listed as unchecked.
import type { IndexedCombination } from '../setup-index.ts';
import type { Findings } from '../types.ts';
import { combinationName } from './route.ts';

export function checkCustoms(found: IndexedCombination): Findings {
  if (!found.combination.customs_declaration_required) return { problems: [], unchecked: [] };
  return {
    problems: [],
    unchecked: [
      {
        code: 'CUSTOMS_DECLARATION',
        what: 'the customs declaration',
        reason: `${combinationName(found)} requires a customs declaration, and its fields are not specified`,
        setupPointer: `${found.combinationPointer}/customs_declaration_required`,
      },
    ],
  };
}
