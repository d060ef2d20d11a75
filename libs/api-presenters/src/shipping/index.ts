// Shipping records as the API renders them (spec 2.5, DESIGN §8); shipping's event snapshots use the same.
export { presentShippingGroup, presentShippingGroupRate, type ShippingGroupJson } from './shipping-group.presenter';
export { presentShippingClass, presentShippingClassRate, type ShippingClassJson } from './shipping-class.presenter';
export { presentShippingRate, type ShippingRateAnswer, type ShippingRateJson } from './shipping-rate.presenter';
