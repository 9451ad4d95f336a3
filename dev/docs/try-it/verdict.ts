// The answer judged against the contract by the contract's one judge (shipping-api-v3-contract/judge),
// made from the judge's plan that the page carries in its data block and the generated validators the
// page bundles: the same verdict as `shipping-api conform` and the HAR check reach on the same answer.
import { type Answer, createJudge, type Judge, type Judgement } from 'shipping-api-v3-contract/judge';
import * as validators from 'shipping-api-v3-contract/validators';
import type { TryItContract } from './contract.ts';

export type { Finding, Judgement, Outcome } from 'shipping-api-v3-contract/judge';

const judges = new WeakMap<TryItContract, Judge>();

/** The judge of the page's contract, made once. */
export function judgeOf(contract: TryItContract): Judge {
  let judge = judges.get(contract);
  if (!judge) {
    judge = createJudge(contract.judge, validators as unknown as Record<string, unknown>);
    judges.set(contract, judge);
  }
  return judge;
}

/** The answer of an operation against the contract. */
export const judge = (contract: TryItContract, operationId: string, answer: Answer): Judgement =>
  judgeOf(contract).judge(operationId, answer);
