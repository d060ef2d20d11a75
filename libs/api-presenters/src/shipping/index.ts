// Shipping records as the API renders them (docs/shipping.md#records); shipping's event snapshots use the same.
export { presentShippingGroup, presentShippingGroupRate, shippingGroupJson, type ShippingGroupJson } from './shipping-group.presenter';
export { presentShippingClass, presentShippingClassRate, shippingClassJson, type ShippingClassJson } from './shipping-class.presenter';
export { presentShippingRate, shippingRateJson, type ShippingRateAnswer, type ShippingRateJson } from './shipping-rate.presenter';
