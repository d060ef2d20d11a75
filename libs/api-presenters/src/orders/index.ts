// Orders as the API renders them (spec 2.2, DESIGN §8); the orders service's event snapshots use the same.
export {
  presentOrder,
  presentOrderItem,
  presentFulfillment,
  centsToDecimalString,
  type OrderJson,
  type OrderItemJson,
  type FulfillmentJson,
} from './order.presenter';
