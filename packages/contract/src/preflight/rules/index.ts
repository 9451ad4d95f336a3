// The rules of the pre-flight check, one module each, in the order the check runs them. Each takes
// what it reads and returns its problems and unchecked items.
export { checkSchema } from './schema.ts';
export { checkProduct } from './product.ts';
export { checkRoute } from './route.ts';
export { checkAgreement } from './agreement.ts';
export { checkCustoms } from './customs.ts';
export { checkServices } from './services.ts';
export { checkRequiredFields } from './required-fields.ts';
export { checkParcelFields } from './parcel-fields.ts';
