import type { shipping } from '@commerce/contracts';
import { presentShippingClass, presentShippingGroup, presentShippingRate } from './index';

const at = new Date('2024-03-01T12:00:00Z');

const group: shipping.ShippingGroup = {
  id: 7,
  name: 'Posters',
  rates: [
    { shipping_class_id: 3, first_item_in_cents: 500, additional_item_in_cents: 200 },
    { shipping_class_id: 4, first_item_in_cents: 1500, additional_item_in_cents: 700 },
  ],
  created_at: at,
  updated_at: at,
};

const cls: shipping.ShippingClass = {
  id: 3,
  name: 'Standard',
  countries: ['US', 'CA'],
  rates: [{ shipping_group_id: 7, first_item_in_cents: 500, additional_item_in_cents: 200 }],
  created_at: at,
  updated_at: at,
};

describe('presentShippingGroup', () => {
  it('renders docs/shipping.md#records: id, name and wrapped shipping_rates, no timestamps', () => {
    expect(presentShippingGroup(group)).toEqual({
      id: 7,
      name: 'Posters',
      shipping_rates: [
        { shipping_rate: { shipping_class_id: 3, first_item_in_cents: 500, additional_item_in_cents: 200 } },
        { shipping_rate: { shipping_class_id: 4, first_item_in_cents: 1500, additional_item_in_cents: 700 } },
      ],
    });
  });

  it('adds products, in the spec order, only when given', () => {
    const rendered = presentShippingGroup({ ...group, rates: [] }, [11, 12]);

    expect(rendered).toEqual({ id: 7, name: 'Posters', products: [11, 12], shipping_rates: [] });
    expect(Object.keys(rendered)).toEqual(['id', 'name', 'products', 'shipping_rates']);
  });
});

describe('presentShippingClass', () => {
  it('renders docs/shipping.md#records: id, name, countries and wrapped shipping_rates', () => {
    expect(presentShippingClass(cls)).toEqual({
      id: 3,
      name: 'Standard',
      countries: ['US', 'CA'],
      shipping_rates: [{ shipping_rate: { shipping_group_id: 7, first_item_in_cents: 500, additional_item_in_cents: 200 } }],
    });
  });

  it('keeps an empty country list as []', () => {
    expect(presentShippingClass({ ...cls, countries: [], rates: [] })).toEqual({
      id: 3,
      name: 'Standard',
      countries: [],
      shipping_rates: [],
    });
  });
});

describe('presentShippingRate', () => {
  it('renders both ends (the group with its products) and the flat pair with its amounts', () => {
    const rate = { shipping_group_id: 7, shipping_class_id: 3, first_item_in_cents: 500, additional_item_in_cents: 200 };

    expect(presentShippingRate({ shipping_group: group, shipping_class: cls, product_ids: [21], rate })).toEqual({
      shipping_group: { ...presentShippingGroup(group), products: [21] },
      shipping_class: presentShippingClass(cls),
      shipping_group_id: 7,
      shipping_class_id: 3,
      first_item_in_cents: 500,
      additional_item_in_cents: 200,
    });
  });

  it('renders null amounts for a pair without a rate', () => {
    const rendered = presentShippingRate({
      shipping_group: { ...group, rates: [] },
      shipping_class: { ...cls, rates: [] },
      product_ids: [],
      rate: undefined,
    });

    expect(rendered).toMatchObject({
      shipping_group_id: 7,
      shipping_class_id: 3,
      first_item_in_cents: null,
      additional_item_in_cents: null,
    });
    expect(rendered.shipping_group.products).toEqual([]);
  });
});
