// How the setup commands write a country combination's agreements and a list of services.
import type { IndexedCombination } from 'shipping-api-v3-client';

export const agreements = (c: IndexedCombination['combination']) =>
  [c.platform_agreement_available && 'operator', c.own_agreement_available && 'own'].filter(Boolean).join(', ') ||
  'none';
export const codes = (services: { code: string }[]) => services.map((s) => s.code).join(', ') || '-';
