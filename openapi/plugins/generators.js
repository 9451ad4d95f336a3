// Decorators of the generator profile (the API shipping@v3-generators in redocly.yaml): a copy of
// the bundle, derived by `npm run build` into generated/openapi.generators.yaml, for client
// generators that cannot read some constructs of the faithful description. The contract and the
// bundle keep those constructs; docs/generating-clients.md says which tools need the profile.
//
// Each decorator changes only the form of the description, never what it asserts.

/** The 2xx codes of RFC 9110 a `2XX` response stands for, in the profile. */
export const SUCCESS_CODES = ['200', '201', '202', '203'];
/** A success without content may also be 204 No Content. */
export const SUCCESS_CODES_WITHOUT_CONTENT = [...SUCCESS_CODES, '204'];

/**
 * Writes a `2XX` response under the concrete codes it covers. Several generators read only
 * concrete codes: they skip `2XX`, or type its body as an error. A success whose body is not
 * specified gets an open body (any media type, schema `{}`) except under 204.
 */
function ConcreteSuccessCodes() {
  return {
    Operation: {
      leave(operation) {
        const responses = operation.responses;
        const range = responses?.['2XX'];
        if (!range) return;
        const hasContent = range.content && Object.keys(range.content).length > 0;
        const rebuilt = {};
        for (const [code, response] of Object.entries(responses)) {
          if (code !== '2XX') {
            rebuilt[code] = response;
            continue;
          }
          for (const concrete of hasContent ? SUCCESS_CODES : SUCCESS_CODES_WITHOUT_CONTENT) {
            if (concrete in responses) continue;
            rebuilt[concrete] = structuredClone(response);
            // A media type without a schema (a body the description leaves open) may hold any value;
            // some generators read a missing schema as no body at all.
            for (const media of Object.values(rebuilt[concrete].content ?? {}))
              if (media && typeof media === 'object' && !('schema' in media)) media.schema = {};
            // A body the description leaves open (x-unspecified, no content) may be anything: any
            // media type, any value. Without it, generators type and check the body as absent.
            if (!hasContent && concrete !== '204' && typeof response['x-unspecified'] === 'string') {
              rebuilt[concrete].content = { '*/*': { schema: {} } };
            }
          }
        }
        operation.responses = rebuilt;
      },
    },
  };
}

/**
 * Leaves the summary and description of a path item on its operations only: one generator reads
 * every key of a path item as an HTTP method.
 */
function OperationLevelSummaries() {
  return {
    PathItem: {
      leave(pathItem) {
        delete pathItem.summary;
        delete pathItem.description;
      },
    },
  };
}

/**
 * Moves the properties and required names written beside an `allOf` into one more `allOf` member.
 * The same constraints; one generator keeps only the `allOf` members, which would make
 * AvailableService and RequiredService one type and lose their `note` rule.
 */
function SiblingsIntoAllOf() {
  return {
    Schema: {
      enter(schema) {
        if (!Array.isArray(schema.allOf) || !(schema.properties || schema.required)) return;
        const member = { type: 'object' };
        for (const key of ['required', 'properties']) {
          if (key in schema) {
            member[key] = schema[key];
            delete schema[key];
          }
        }
        schema.allOf = [...schema.allOf, member];
      },
    },
  };
}

/**
 * Writes a boolean property or item schema as the object schema it stands for: `false` as
 * `{ not: {} }` (nothing is valid: the property must be absent), `true` as `{}`. One generator
 * stops on a boolean schema.
 */
function ObjectSchemas() {
  const asObject = (value) => (value === false ? { not: {} } : value === true ? {} : value);
  return {
    Schema: {
      leave(schema) {
        for (const name of Object.keys(schema.properties ?? {}))
          schema.properties[name] = asObject(schema.properties[name]);
        if ('items' in schema) schema.items = asObject(schema.items);
      },
    },
  };
}

export default function generatorsPlugin() {
  return {
    id: 'generators',
    decorators: {
      oas3: {
        'concrete-success-codes': ConcreteSuccessCodes,
        'operation-level-summaries': OperationLevelSummaries,
        'siblings-into-all-of': SiblingsIntoAllOf,
        'object-schemas': ObjectSchemas,
      },
    },
  };
}
