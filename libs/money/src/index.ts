export { DEFAULT_CURRENCY, decimalNumber, decimalString, isCurrencyCode, minorUnitDigits } from './currency';
export { minorUnitsOf, NOT_A_DECIMAL } from './decimal-input';
export { roundedQuotient } from './rounding';
