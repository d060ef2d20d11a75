export { normalizeApiPath, normalizeApiUrl, normalizePath } from './path';
export { requestParams, readParams, type RequestParamsOptions } from './input';
export { parseParamString, mergeParams, DEFAULT_PARAM_LIMITS, type Params, type ParamLimits } from './params';
export { looseInt, looseNumber, looseBool, looseString, looseArray, unixTime, blankAsMissing, parseInput } from './coerce';
export { ok } from './envelope';
export { sendJson } from '../fast-path/send-json';
