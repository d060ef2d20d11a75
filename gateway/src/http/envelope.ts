import type { Response } from 'express';
import { sendJson } from '../fast-path/send-json';
import { ignoredParamsMeta } from './ignored-params';

/**
 * Every success answers HTTP 200 with `meta.code` 200, creations included: the original service
 * does, and its clients check `meta.code == 200` (docs/api-conventions.md#responses, docs/api-conventions.md#errors). There is deliberately
 * no helper for 201.
 */
const SUCCESS_STATUS = 200;
const SUCCESS_META = Object.freeze({ code: SUCCESS_STATUS, api_version: '1.0' });

/**
 * Writes `{data, meta: {code: 200, api_version: "1.0"}, ...extra}`; `extra` carries what sits
 * beside `data`, e.g. `pagination` on paged lists or `access_token` on POST /v1/application/stores.
 * `meta.ignored_params` names the parameters the call did not take, when there are any.
 */
export function ok(res: Response, data: unknown, extra?: Record<string, unknown>): void {
  const ignored = ignoredParamsMeta(res);
  const meta = ignored ? { ...SUCCESS_META, ...ignored } : SUCCESS_META;
  const envelope = extra ? { data, meta, ...extra } : { data, meta };
  sendJson(res, SUCCESS_STATUS, envelope);
}
