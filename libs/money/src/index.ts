export { DEFAULT_CURRENCY, decimalNumber, decimalString, isCurrencyCode, minorUnitDigits } from './currency';
