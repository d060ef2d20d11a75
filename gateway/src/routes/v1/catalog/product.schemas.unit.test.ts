import { catalog } from '@commerce/contracts';
import { parseInput } from '../../../http/coerce';
import { fieldErrors } from '../../../http/field-errors.fixture';
import { mergeParams, parseParamString } from '../../../http/params';
import { createProductInput, updateProductInput } from './product.schemas';

const form = (text: string) => parseParamString(text);
const photo = (n: number) => `https://img.example/${n}.jpg`;

describe('createProductInput', () => {
  it('reads a JSON body with every field', () => {
    const input = parseInput(createProductInput, {
      name: ' Green Tea ',
      price: 19.99,
      description: 'Sencha',
      shipping_group_id: 4,
      status: 'coming soon',
      photos: [photo(1), photo(2)],
      position: 'top',
      preorder: true,
      on_sale: false,
      marketplace_category_id: 12,
      tag_list: ['green', ' loose '],
      shipping_notes: 'Ships in a tin',
      list_in_marketplace: true,
    });
    expect(input).toEqual({
      name: 'Green Tea',
      price: '19.99',
      description: 'Sencha',
      shipping_group_id: 4,
      status: 'coming soon',
      photo_urls: [photo(1), photo(2)],
      position: 'top',
      preorder: true,
      on_sale: false,
      marketplace_category_id: 12,
      tag_list: ['green', 'loose'],
      shipping_notes: 'Ships in a tin',
      list_in_marketplace: true,
    });
  });

  it('reads the same product from a form body of strings', () => {
    const photos = encodeURIComponent(JSON.stringify([photo(1)]));
    const input = parseInput(
      createProductInput,
      form(
        `name=Green+Tea&cents=1500&shipping_group_id=4&status=hidden&photos=${photos}` +
          '&preorder=1&on_sale=false&list_in_marketplace=true&tag_list=green,+loose',
      ),
    );
    expect(input).toMatchObject({
      name: 'Green Tea',
      cents: 1500,
      shipping_group_id: 4,
      status: 'hidden',
      photo_urls: [photo(1)],
      preorder: true,
      on_sale: false,
      list_in_marketplace: true,
      tag_list: ['green', 'loose'],
    });
  });

  it('reads a query-only write, passing a decimal price on as text for catalog to read in the store currency', () => {
    expect(parseInput(createProductInput, form('api_key=sck_x&name=Tea&price=19.99'))).toEqual({ name: 'Tea', price: '19.99' });
  });

  it('lets the body win over the query', () => {
    expect(parseInput(createProductInput, mergeParams(form('name=FromQuery&cents=1'), { name: 'FromBody', cents: 2 }))).toMatchObject({
      name: 'FromBody',
      cents: 2,
    });
  });

  it('takes photos as a single string or bracket list', () => {
    expect(parseInput(createProductInput, { name: 'T', cents: 1, photos: photo(1) }).photo_urls).toEqual([photo(1)]);
    expect(parseInput(createProductInput, form(`name=T&cents=1&photos[]=${photo(1)}&photos[]=${photo(2)}`)).photo_urls).toEqual([
      photo(1),
      photo(2),
    ]);
  });

  it('prefers exact cents over price when both are sent, and then sends no price', () => {
    expect(parseInput(createProductInput, { name: 'T', cents: 1500, price: '99.99' })).toEqual({ name: 'T', cents: 1500 });
    expect(parseInput(updateProductInput, form('cents=0&price=99.999'))).toEqual({ cents: 0 });
  });

  it('answers 422 naming name and cents when both are missing', () => {
    expect(fieldErrors(createProductInput, {})).toEqual({ name: ['is required'], cents: ['is required (or price as a decimal)'] });
    expect(fieldErrors(createProductInput, form('name=&price='))).toEqual({
      name: ["can't be blank"],
      cents: ['is required (or price as a decimal)'],
    });
  });

  it('answers 422 for each field of the wrong shape', () => {
    const errors = fieldErrors(createProductInput, {
      name: 'T',
      price: { amount: 19.99 },
      photos: [photo(1), 42],
      preorder: 'maybe',
      shipping_group_id: 'abc',
    });
    expect(errors).toEqual({
      price: ['must be a decimal amount such as 19.99'],
      'photos[1]': ['must be a URL'],
      preorder: ['must be true or false'],
      shipping_group_id: ['must be an integer'],
    });
  });

  it('passes the values catalog rules on as sent (its 422 names status, position, photos and a negative or too precise price)', () => {
    expect(parseInput(createProductInput, { name: 'T', price: '19.999' }).price).toBe('19.999');
    const input = parseInput(createProductInput, {
      name: 'T',
      cents: -1,
      status: 'Archived',
      position: 'middle',
      photos: [...[1, 2, 3, 4, 5].map(photo), ' not a url '],
    });
    expect(input).toMatchObject({
      cents: -1,
      status: 'Archived',
      position: 'middle',
      photo_urls: [...[1, 2, 3, 4, 5].map(photo), 'not a url'],
    });
  });

  it('ignores read-only and unknown fields rather than assigning them', () => {
    const input = parseInput(createProductInput, {
      name: 'T',
      cents: 1,
      id: 99,
      store_id: 2,
      sold: 5,
      created_at: 'x',
      updated_at: 'x',
      deleted_at: 'x',
      variants: [{ variant: { id: 1 } }],
      hacker: true,
    });
    const assigned = Object.entries(input)
      .filter(([, value]) => value !== undefined)
      .map(([key]) => key);
    expect(assigned.sort()).toEqual(['cents', 'name']);
  });

  it('leaves null or blank optional text unset', () => {
    expect(parseInput(createProductInput, { name: 'T', cents: 1, description: null, shipping_notes: '' })).toEqual({ name: 'T', cents: 1 });
  });

  it('builds a CreateProductRequest with proto defaults for what was not sent', () => {
    const request = catalog.CreateProductRequest.fromPartial({ store_id: 3, ...parseInput(createProductInput, form('name=T&price=5')) });
    expect(request).toMatchObject({
      store_id: 3,
      name: 'T',
      cents: 0,
      price: '5',
      shipping_group_id: 0,
      status: '',
      photo_urls: [],
      tag_list: [],
      description: undefined,
      marketplace_category_id: undefined,
      taxable: undefined,
    });
  });

  it('passes taxable through when sent, as JSON or form, and leaves it to catalog (true) when not', () => {
    expect(parseInput(createProductInput, { name: 'T', cents: 1, taxable: false })).toEqual({ name: 'T', cents: 1, taxable: false });
    expect(parseInput(createProductInput, form('name=T&cents=1&taxable=0')).taxable).toBe(false);
    expect(parseInput(createProductInput, form('name=T&cents=1&taxable=1')).taxable).toBe(true);
  });
});

describe('updateProductInput', () => {
  it('changes taxable only when sent', () => {
    expect(parseInput(updateProductInput, form('taxable=false'))).toEqual({ taxable: false });
    expect(parseInput(updateProductInput, { taxable: true })).toEqual({ taxable: true });
  });

  it('is empty when nothing is sent, so nothing changes', () => {
    expect(parseInput(updateProductInput, {})).toEqual({});
    const request = catalog.UpdateProductRequest.fromPartial({ store_id: 1, product_id: 2, ...parseInput(updateProductInput, {}) });
    expect(request).toMatchObject({ name: undefined, cents: undefined, photos: undefined, tag_list: undefined, description: undefined });
  });

  it('maps lists into the presence wrappers', () => {
    expect(parseInput(updateProductInput, { photos: [photo(1)], tag_list: 'a, b' })).toEqual({
      photos: { urls: [photo(1)] },
      tag_list: { tags: ['a', 'b'] },
    });
  });

  it('clears lists with [], "" or null', () => {
    expect(parseInput(updateProductInput, { photos: [], tag_list: [] })).toEqual({ photos: { urls: [] }, tag_list: { tags: [] } });
    expect(parseInput(updateProductInput, form('photos=&tag_list='))).toEqual({ photos: { urls: [] }, tag_list: { tags: [] } });
    expect(parseInput(updateProductInput, { photos: null, tag_list: null })).toEqual({ photos: { urls: [] }, tag_list: { tags: [] } });
  });

  it('clears description with null or "" and marketplace category with null, "" or 0', () => {
    expect(parseInput(updateProductInput, { description: null, marketplace_category_id: null })).toEqual({
      description: '',
      marketplace_category_id: 0,
    });
    expect(parseInput(updateProductInput, form('description=&marketplace_category_id='))).toEqual({
      description: '',
      marketplace_category_id: 0,
    });
    expect(parseInput(updateProductInput, { marketplace_category_id: '0' })).toEqual({ marketplace_category_id: 0 });
  });

  it('reads price and loose scalars like create does', () => {
    expect(parseInput(updateProductInput, form('price=12.5&on_sale=1&preorder=0&status=Active&shipping_group_id=7'))).toEqual({
      price: '12.5',
      on_sale: true,
      preorder: false,
      status: 'Active',
      shipping_group_id: 7,
    });
  });

  it('keeps free text verbatim even when it looks like JSON', () => {
    expect(parseInput(updateProductInput, form(`description=${encodeURIComponent('["not","a","list"]')}`))).toEqual({
      description: '["not","a","list"]',
    });
  });

  it('refuses a blank name and bad values, and ignores read-only fields', () => {
    expect(fieldErrors(updateProductInput, { name: '  ' })).toEqual({ name: ["can't be blank"] });
    expect(fieldErrors(updateProductInput, { shipping_group_id: 0 })).toEqual({ shipping_group_id: ['must be at least 1'] });
    expect(parseInput(updateProductInput, { id: 5, sold: 3, variants: [], deleted_at: null })).toEqual({});
  });
});
