// Shipping records as the API renders them (spec 2.5, DESIGN §8); shipping's event snapshots use the same.
export { presentShippingGroup, presentShippingGroupRate, shippingGroupJson, type ShippingGroupJson } from './shipping-group.presenter';
export { presentShippingClass, presentShippingClassRate, shippingClassJson, type ShippingClassJson } from './shipping-class.presenter';
export { presentShippingRate, shippingRateJson, type ShippingRateAnswer, type ShippingRateJson } from './shipping-rate.presenter';
