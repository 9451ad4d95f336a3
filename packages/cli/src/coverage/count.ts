// What recorded traffic exercised of the contract: each request placed on its operation (traffic.ts
// of the contract: by method and path under any base URL ending in /api/public/v3, or the address a
// COMPLETED status handed out), each answer on the response the contract documents for its status
// (the judge's reading: the code, else its class such as `2XX`, else `default`), counted; requests
// of no operation listed apart; and, from conform's verdicts, which rules were judged.
import type { Judge } from 'shipping-api-v3-contract/judge';
import { type HarEntry, operationsOf } from 'shipping-api-v3-contract/traffic';

export interface Exclusion {
  operationId: string;
  /** As the contract spells it: `200`, `2XX`, `default`. */
  status: string;
  reason: string;
}

export interface ResponseCoverage {
  /** As the contract spells it: `200`, `2XX`, `default`. */
  status: string;
  count: number;
  /** Why this response is not exercised on purpose, where an exclusion says so. */
  excluded?: string;
}

export interface OperationCoverage {
  operationId: string;
  method: string;
  path: string;
  responses: ResponseCoverage[];
  /** Statuses answered that the operation documents no response for (it has no `default`). */
  undocumented: Array<{ status: number; count: number }>;
}

export interface Unmatched {
  method: string;
  /** Without any user name or password it carried. */
  url: string;
  status: number;
  count: number;
}

/** A rule of conform's verdicts, and how many runs gave it each verdict. */
export interface RuleCoverage {
  id: string;
  verdicts: Record<'pass' | 'fail' | 'observed' | 'skipped', number>;
}

export interface Figure {
  exercised: number;
  total: number;
  /** exercised / total, in percent, one decimal; 100 for nothing to exercise. */
  percent: number;
}

export interface Coverage {
  operations: OperationCoverage[];
  unmatched: Unmatched[];
  rules?: RuleCoverage[];
  summary: {
    requests: number;
    /** Requests recorded without an answer (status 0, as a browser records one that failed): counted for nothing. */
    unanswered: number;
    operations: Figure;
    /** Of the documented responses not excluded, or exercised all the same. */
    responses: Figure & { excluded: number };
    rules?: Figure;
  };
}

export type ConformVerdicts = ReadonlyArray<{ id: string; verdict: keyof RuleCoverage['verdicts'] }>;

const figure = (exercised: number, total: number): Figure => ({
  exercised,
  total,
  percent: total === 0 ? 100 : Math.floor((exercised / total) * 1000) / 10,
});

/** A URL as shown: without user name and password. */
function shown(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed || (!parsed.username && !parsed.password)) return url;
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

/** An HTTP status; a HAR writes 0 (or -1) for a request that got no answer. */
const answered = (status: number) => Number.isInteger(status) && status >= 100 && status <= 599;

/** The count of each documented response, and of the statuses documented by none, of each operation. */
function countResponses(judge: Judge, recordings: readonly (readonly HarEntry[])[]) {
  const counts = new Map<string, number>();
  const undocumented = new Map<string, number>();
  const unmatched = new Map<string, Unmatched>();
  let requests = 0;
  let unanswered = 0;
  for (const entries of recordings) {
    requests += entries.length;
    const operations = operationsOf(judge, entries);
    entries.forEach((entry, index) => {
      const operationId = operations[index];
      const status = entry.response.status;
      if (!answered(status)) {
        unanswered += 1;
        return;
      }
      if (!operationId) {
        const url = shown(entry.request.url);
        const key = `${entry.request.method} ${url} ${status}`;
        const seen = unmatched.get(key) ?? { method: entry.request.method, url, status, count: 0 };
        seen.count += 1;
        unmatched.set(key, seen);
        return;
      }
      const documented = judge.response(operationId, status)?.key;
      const key = `${operationId} ${documented ?? status}`;
      const into = documented === undefined ? undocumented : counts;
      into.set(key, (into.get(key) ?? 0) + 1);
    });
  }
  return { counts, undocumented, unmatched: [...unmatched.values()], requests, unanswered };
}

/** How often conform's runs gave each rule each verdict, in the order of the first run. */
function countRules(runs: readonly ConformVerdicts[]): RuleCoverage[] {
  const byId = new Map<string, RuleCoverage>();
  for (const verdicts of runs)
    for (const { id, verdict } of verdicts) {
      const rule = byId.get(id) ?? { id, verdicts: { pass: 0, fail: 0, observed: 0, skipped: 0 } };
      rule.verdicts[verdict] += 1;
      byId.set(id, rule);
    }
  return [...byId.values()];
}

/** A rule is exercised when a run judged or observed it, not when every run skipped it. */
const ruleExercised = ({ verdicts }: RuleCoverage) => verdicts.pass + verdicts.fail + verdicts.observed > 0;

/** The coverage of the contract by the recordings (each a HAR's entries) and conform's runs. */
export function coverageOf(
  judge: Judge,
  recordings: readonly (readonly HarEntry[])[],
  options: { conform?: readonly ConformVerdicts[]; exclusions?: readonly Exclusion[] } = {},
): Coverage {
  const { counts, undocumented, unmatched, requests, unanswered } = countResponses(judge, recordings);
  const reasons = new Map((options.exclusions ?? []).map((e) => [`${e.operationId} ${e.status}`, e.reason]));
  const operations = judge.plan.operations.map(
    ({ operationId, method, path, responses }): OperationCoverage => ({
      operationId,
      method,
      path,
      responses: responses.map(({ key }) => {
        const excluded = reasons.get(`${operationId} ${key}`);
        return { status: key, count: counts.get(`${operationId} ${key}`) ?? 0, ...(excluded ? { excluded } : {}) };
      }),
      undocumented: [...undocumented]
        .filter(([key]) => key.startsWith(`${operationId} `))
        .map(([key, count]) => ({ status: Number(key.slice(operationId.length + 1)), count })),
    }),
  );
  const all = operations.flatMap((operation) => operation.responses);
  const counted = all.filter((response) => response.count > 0 || !response.excluded);
  const rules = options.conform && countRules(options.conform);
  return {
    operations,
    unmatched,
    ...(rules ? { rules } : {}),
    summary: {
      requests,
      unanswered,
      operations: figure(
        operations.filter((o) => o.responses.some((r) => r.count > 0) || o.undocumented.length > 0).length,
        operations.length,
      ),
      responses: {
        ...figure(counted.filter((response) => response.count > 0).length, counted.length),
        excluded: all.length - counted.length,
      },
      ...(rules ? { rules: figure(rules.filter(ruleExercised).length, rules.length) } : {}),
    },
  };
}

/** Every exclusion that names no documented response of the contract, as text; none when all do. */
export function unknownExclusions(judge: Judge, exclusions: readonly Exclusion[]): string[] {
  return exclusions.flatMap(({ operationId, status }, index) => {
    const operation = judge.plan.operations.find((candidate) => candidate.operationId === operationId);
    if (!operation) return [`/exclusions/${index}: the contract has no operation ${operationId}`];
    if (!operation.responses.some((response) => response.key === status))
      return [
        `/exclusions/${index}: ${operationId} documents no response ${status} (${operation.responses.map((r) => r.key).join(', ')})`,
      ];
    return [];
  });
}
