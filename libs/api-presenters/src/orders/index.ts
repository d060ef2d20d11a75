// Orders as the API renders them (docs/orders.md#records); the orders service's event snapshots use the same.
export {
  presentOrder,
  presentOrderItem,
  presentFulfillment,
  centsToDecimalString,
  type OrderJson,
  type OrderItemJson,
  type FulfillmentJson,
} from './order.presenter';
export {
  presentRefund,
  presentRefundCalculation,
  refundCalculationJson,
  refundJson,
  type RefundCalculationJson,
  type RefundJson,
} from './refund.presenter';
export { discountJson, presentDiscount, type DiscountJson } from './discount.presenter';
export { presentTaxRate, taxRateJson, type TaxRateJson } from './tax-rate.presenter';
export { presentQuote, quoteJson, type QuoteJson } from './quote.presenter';
export { presentSalesSummary, salesFiguresJson, salesSummaryJson, type SalesSummaryJson } from './sales-summary.presenter';
