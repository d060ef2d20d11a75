// GetOrderProducts and GetOrderVariants (docs/orders.md#products-and-variants-of-an-order): catalog's current record of what the order
// holds, deleted ones included, distinct and in the order of the order's items; the order's own items keep what they were.
import { catalog, orders } from '@commerce/contracts';
import { aShop, startOrdersHarness, type OrdersHarness, type Shop } from './orders.fixture';

let harness: OrdersHarness;
let shop: Shop;
let order: orders.Order;
let tinId: number;

const ids = () => ({ store_id: shop.storeId, order_id: order.id });
const catalogProducts = async (productIds: number[]) =>
  harness.catalog.getProductsByIds({ store_id: shop.storeId, product_ids: productIds, include_deleted: true });
const catalogVariants = async (variantIds: number[]) =>
  harness.catalog.getVariantsByIds({ store_id: shop.storeId, variant_ids: variantIds, include_deleted: true });

beforeAll(async () => {
  harness = await startOrdersHarness();
  shop = await aShop(harness);
  const { variant: tin } = await harness.catalog.createVariant(
    catalog.CreateVariantRequest.fromPartial({ store_id: shop.storeId, product_id: shop.tea.product.id, name: 'Tin', full_quantity: 5 }),
  );
  tinId = tin!.id;
  // Two variants of the tea, one of the mug: the tea is one product.
  const placed = await harness.client.createOrder(
    orders.CreateOrderRequest.fromPartial({
      store_id: shop.storeId,
      checkout_key: `products-${process.pid}`,
      email: 'ada@example.com',
      address: { name: 'Ada', address_1: '1 Main St', city: 'Springfield', postal: '12345', country: 'US' },
      lines: [
        { variant_id: shop.mug.variantId, quantity: 1 },
        { variant_id: shop.tea.variantId, quantity: 1 },
        { variant_id: tinId, quantity: 2 },
      ],
      payment_token: 'tok_visa',
    }),
  );
  order = placed.order!;
});

afterAll(() => harness?.stop());

it('answers the products of the items, distinct and in item order, as catalog has them now', async () => {
  await harness.catalog.updateProduct(
    catalog.UpdateProductRequest.fromPartial({ store_id: shop.storeId, product_id: shop.tea.product.id, name: 'Sencha', cents: 1200 }),
  );

  const answer = await harness.client.getOrderProducts(ids());

  const current = await catalogProducts([shop.mug.product.id, shop.tea.product.id]);
  expect(answer.products.map((product) => product.id)).toEqual([shop.mug.product.id, shop.tea.product.id]);
  expect(answer).toEqual({ products: current.products, store_context: current.store_context });
  expect(answer.products[1]).toMatchObject({ name: 'Sencha', cents: 1200 });
  expect(answer.store_context).toMatchObject({ time_zone: 'America/New_York', subdomain: shop.store.subdomain });
  // The order keeps what was bought as it was then.
  const { order: kept } = await harness.client.getOrder(ids());
  expect(kept!.items.map((item) => [item.product_name, item.list_price])).toEqual([
    ['Mug', 650],
    ['Green Tea', 1000],
    ['Green Tea', 1000],
  ]);
});

it('answers the variants of the items in item order, with catalog current stock', async () => {
  const answer = await harness.client.getOrderVariants(ids());

  const current = await catalogVariants([shop.mug.variantId, shop.tea.variantId, tinId]);
  expect(answer).toEqual({ variants: current.variants, store_context: current.store_context });
  expect(answer.variants.map((variant) => [variant.id, variant.name, variant.in_stock, variant.sold])).toEqual([
    [shop.mug.variantId, 'Large', 9, 1],
    [shop.tea.variantId, 'Default', 19, 1],
    [tinId, 'Tin', 3, 2],
  ]);
});

it('still answers a product and a variant deleted in catalog since, as catalog keeps them', async () => {
  await harness.catalog.deleteVariant({ store_id: shop.storeId, product_id: shop.tea.product.id, variant_id: tinId });
  await harness.catalog.deleteProduct({ store_id: shop.storeId, product_id: shop.mug.product.id });

  const products = await harness.client.getOrderProducts(ids());
  const variants = await harness.client.getOrderVariants(ids());

  expect(products.products.map((product) => product.id)).toEqual([shop.mug.product.id, shop.tea.product.id]);
  expect(products.products[0]!.deleted_at).toBeInstanceOf(Date);
  expect(products.products).toEqual((await catalogProducts([shop.mug.product.id, shop.tea.product.id])).products);
  expect(variants.variants.map((variant) => variant.id)).toEqual([shop.mug.variantId, shop.tea.variantId, tinId]);
  expect(variants.variants).toEqual((await catalogVariants([shop.mug.variantId, shop.tea.variantId, tinId])).variants);
});
