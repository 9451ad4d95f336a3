// The one base error of every package: a code to branch on and, where they apply, the option or
// environment variable at fault, the operation that failed and the JSON pointer of the value, so
// that a caller never reads a message's text to learn what went wrong.

export interface ShippingErrorFields {
  /** What went wrong, to branch on; each package documents its codes. */
  code: string;
  /** The option (of a function or a command) whose value is at fault, such as `baseUrl` or `--port`. */
  option?: string | undefined;
  /** The environment variable the value came from, such as `SHIPPING_BASE_URL`. */
  variable?: string | undefined;
  /** The operationId (or the function) that failed, such as `requestCarrierSetup`. */
  operation?: string | undefined;
  /** The JSON pointer of the value at fault. */
  pointer?: string | undefined;
  cause?: unknown;
}

export class ShippingError extends Error {
  readonly code: string;
  readonly option: string | undefined;
  readonly variable: string | undefined;
  readonly operation: string | undefined;
  readonly pointer: string | undefined;

  constructor(message: string, fields: ShippingErrorFields) {
    super(message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.code = fields.code;
    this.option = fields.option;
    this.variable = fields.variable;
    this.operation = fields.operation;
    this.pointer = fields.pointer;
  }
}

// On the prototype rather than as a field, so that the stack trace's first line carries it too.
Object.defineProperty(ShippingError.prototype, 'name', { value: 'ShippingError', enumerable: false, writable: true });
