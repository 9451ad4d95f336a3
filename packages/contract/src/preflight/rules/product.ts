// Rule: product_code is a product of the carrier setup file; and, when the file lists the code more
// than once, which of its products the shipment was not checked against.
import { didYouMean } from '../nearest.ts';
import type { CarrierSetupIndex, IndexedProduct } from '../setup-index.ts';
import { type Body, field, isString, OTHER_TYPE } from '../shipment-body.ts';
import type { Findings, UncheckedItem } from '../types.ts';

/** The product code a shipment gives, and the products of the file with that code (at least one). */
export interface ProductOfCode {
  code: string;
  products: readonly IndexedProduct[];
}

export interface ProductFindings extends Findings {
  /** The products of the shipment's code; absent when there is none to check the rest against. */
  product?: ProductOfCode;
}

export function checkProduct(body: Body, index: CarrierSetupIndex): ProductFindings {
  const code = field(body, 'product_code', isString);
  if (code === OTHER_TYPE) return { problems: [], unchecked: [] };
  if (code === undefined) {
    return {
      problems: [],
      unchecked: [
        {
          code: 'NO_PRODUCT_CODE',
          pointer: '/product_code',
          what: 'everything that depends on the product',
          reason: 'the shipment gives no product_code',
        },
      ],
    };
  }
  const products = index.products(code);
  if (products.length === 0) {
    return {
      problems: [
        {
          pointer: '/product_code',
          code: 'UNKNOWN_PRODUCT',
          message: `product_code ${JSON.stringify(code)} is no product of the carrier setup file.${didYouMean(
            code,
            index.file.flatMap((carrier) => carrier.products.map((product) => product.code)),
          )}`,
        },
      ],
      unchecked: [],
    };
  }
  return { problems: [], unchecked: [], product: { code, products } };
}

/** AMBIGUOUS_PRODUCT when the file lists the code more than once: the products other than `checked`. */
export function ambiguousProduct({ code, products }: ProductOfCode, checked: string): UncheckedItem[] {
  if (products.length < 2) return [];
  return [
    {
      code: 'AMBIGUOUS_PRODUCT',
      pointer: '/product_code',
      what: `the products ${products
        .filter((p) => p.pointer !== checked)
        .map((p) => p.pointer)
        .join(', ')} of the same code`,
      reason: `the file lists product code ${code} ${products.length} times; the shipment was checked against ${checked}`,
    },
  ];
}
