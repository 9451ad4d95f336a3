// A small carrier setup file with one entry for each rule of the pre-flight check, and a shipment
// that passes it.
import type { CarrierSetupFile } from 'shipping-api-v3-client';

type Combination = CarrierSetupFile[number]['products'][number]['country_combinations'][number];

const combination = (from: string, to: string, rest: Partial<Combination>): Combination => ({
  sender_country_code: from,
  receiver_country_code: to,
  platform_agreement_available: true,
  own_agreement_available: true,
  available_customer_numbers: [],
  customs_declaration_required: false,
  required_fields: [],
  optional_fields: [],
  required_parcel_fields: [],
  optional_parcel_fields: [],
  optional_dg_fields: [],
  package_types: [],
  allowed_incoterms: [],
  available_services: [],
  required_services: [],
  ...rest,
});

export function setupFile(): CarrierSetupFile {
  return [
    {
      code: 'nordic_post',
      name: 'Nordic Post',
      products: [
        {
          name: 'Hjemmelevering',
          code: 'np_home',
          service_point_product: false,
          country_combinations: [
            combination('DK', 'SE', {
              own_agreement_available: false,
              required_fields: ['parcels'],
              required_parcel_fields: ['weight'],
              available_services: [
                {
                  code: 'np_sms',
                  name: 'SMS-besked',
                  required_fields: ['reference'],
                  optional_fields: [],
                  own_agreement_required: false,
                },
                {
                  code: 'np_saturday',
                  name: 'Lørdagslevering',
                  required_fields: [],
                  optional_fields: [],
                  own_agreement_required: true,
                },
              ],
            }),
            combination('DK', 'NO', {
              platform_agreement_available: false,
              available_customer_numbers: ['5102345'],
              customs_declaration_required: true,
              available_services: [
                {
                  code: 'np_saturday',
                  name: 'Lørdagslevering',
                  required_fields: [],
                  optional_fields: [],
                  own_agreement_required: true,
                },
              ],
            }),
            combination('DK', 'DE', {
              required_services: [
                {
                  code: 'np_email',
                  name: 'E-mail-besked',
                  required_fields: [],
                  optional_fields: [],
                  own_agreement_required: false,
                  note: 'Modtageren får besked på e-mail.',
                },
              ],
            }),
            combination('DK', 'FI', { required_fields: ['receiver_email'], required_parcel_fields: ['girth'] }),
          ],
        },
        {
          name: 'Pakkeshop',
          code: 'np_shop',
          service_point_product: true,
          country_combinations: [combination('DK', 'DK', {})],
        },
      ],
    },
    {
      code: 'fjord_freight',
      name: 'Fjord Freight',
      products: [
        {
          name: 'Pall',
          code: 'ff_pallet',
          service_point_product: false,
          country_combinations: [
            combination('NO', 'NO', {
              available_services: [
                {
                  code: 'ff_tail_lift',
                  name: 'Bakløfter',
                  required_fields: [],
                  optional_fields: [],
                  own_agreement_required: false,
                },
              ],
            }),
          ],
        },
        {
          name: 'Pakkeshop (Fjord)',
          code: 'np_shop',
          service_point_product: true,
          country_combinations: [combination('NO', 'NO', {})],
        },
      ],
    },
  ];
}

/** Passes every rule against the DK → SE combination of np_home, with nothing left unchecked. */
export function shipment(): Record<string, any> {
  return {
    own_agreement: false,
    product_code: 'np_home',
    reference: 'Ordre 100234',
    sender: {
      name: 'Nordlys Sko ApS',
      address1: 'Vesterbrogade 12',
      zipcode: '1620',
      city: 'København V',
      country_code: 'DK',
    },
    receiver: {
      name: 'Åsa Lindqvist',
      address1: 'Storgatan 3',
      zipcode: '411 38',
      city: 'Göteborg',
      country_code: 'SE',
      email: 'asa@example.se',
    },
    parcels: [{ quantity: 1, weight: 2.5 }],
  };
}
