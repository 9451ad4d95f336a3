// The ShippingApiError a call of the client rejects with; a test fails if it resolves, or rejects
// with anything else.
import { ShippingApiError } from 'shipping-api-v3-client';
import { expect } from 'vitest';

export const failure = (promise: Promise<unknown>): Promise<ShippingApiError> =>
  promise.then(
    () => {
      throw new Error('the call resolved');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ShippingApiError);
      return error as ShippingApiError;
    },
  );
