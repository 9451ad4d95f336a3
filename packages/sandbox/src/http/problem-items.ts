// A body's problems, as Ajv reports them, in words: each with its JSON pointer, once, and with what
// was found there; a field that is not one of the object's names the object's fields.
import { pointerGet, problemLocation, type ValidationProblem } from 'shipping-api-v3-contract';
import { describeValue, type ProblemItem } from './problems.ts';

/** A schema as Ajv's `verbose` option hands it over with a problem, where the messages find more to say. */
interface ParentSchema {
  $ref?: string;
  title?: string;
  properties?: Record<string, { const?: unknown }>;
  oneOf?: ParentSchema[];
}

/** The schema a $ref of the document names. */
type Resolve = (ref: string) => ParentSchema | undefined;

/** One Ajv problem as a pointer and a sentence. */
function problemItem(
  problem: ValidationProblem & { parentSchema?: ParentSchema },
  data: unknown,
  resolve: Resolve,
): ProblemItem {
  const { pointer, message } = problemLocation(problem);
  const schema = problem.parentSchema;
  const found = () => `found ${describeValue(pointerGet(data, pointer).value)}`;
  if (problem.keyword === 'additionalProperties' && schema?.properties)
    return {
      pointer,
      message: `is not a field of ${schema.title ?? 'this object'} (its fields: ${Object.keys(schema.properties).join(', ')})`,
    };
  if (problem.keyword === 'discriminator' && schema?.oneOf) {
    const tag = String(problem.params.tag);
    const branches = schema.oneOf.map((branch) => (branch.$ref ? resolve(branch.$ref) : branch));
    const values = branches.map((branch) => branch?.properties?.[tag]?.const).join(', ');
    return {
      pointer,
      message: problem.params.tagValue === undefined ? 'is required' : `must be one of ${values} (${found()})`,
    };
  }
  return { pointer, message: message ?? `${problem.message ?? 'is not allowed'} (${found()})` };
}

/** Ajv's problems as pointers and sentences, each once, without the failures of a oneOf or anyOf as a whole. */
export function problemItems(
  problems: ValidationProblem[],
  data: unknown,
  resolve: Resolve = () => undefined,
): ProblemItem[] {
  const items: ProblemItem[] = [];
  const seen = new Set<string>();
  for (const problem of problems) {
    // The branches of a oneOf or anyOf fail as a whole too; the branch's own problems say more.
    if (
      problem.keyword === 'oneOf' ||
      problem.keyword === 'anyOf' ||
      problem.keyword === 'if' ||
      problem.keyword === 'allOf'
    )
      continue;
    const item = problemItem(problem, data, resolve);
    const key = `${item.pointer}\n${item.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      items.push(item);
    }
  }
  return items.length > 0 ? items : [{ pointer: '', message: 'does not match the schema' }];
}
