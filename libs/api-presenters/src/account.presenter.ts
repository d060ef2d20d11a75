import type { identity } from '@commerce/contracts';
import { z } from 'zod';
import { formatTimestamp } from './timestamp';

/** An account's records belong to a user, not a store: their times are in UTC, not a store's zone. */
const utcTimestamp = () =>
  z.string().meta({ description: "ISO 8601 in UTC (a user's record, in no store's time zone)", examples: ['2026-11-22T04:32:29+00:00'] });

const appFields = {
  client_id: z.string().meta({ description: 'the OAuth client id (`sca_...`)' }),
  name: z.string(),
  redirect_uri: z.string().meta({ description: 'where the authorization answers go, matched exactly' }),
  created_at: utcTimestamp(),
};

/** What presentApp renders (the OpenAPI document's `App`): a developer app of the user, never its secret. */
export const appJson = z.strictObject(appFields).meta({ id: 'App' });
export type AppJson = z.infer<typeof appJson>;

/** POST /v1/apps answers the app and, this once, its client secret. */
export const createdAppJson = z
  .strictObject({
    ...appFields,
    client_secret: z.string().meta({ description: 'the client secret (`scs_...`), shown only here: only its hash is kept' }),
  })
  .meta({ id: 'CreatedApp' });

/** What presentAuthorizedApp renders (the OpenAPI document's `AuthorizedApp`): an app the user authorized. */
export const authorizedAppJson = z
  .strictObject({
    client_id: z.string(),
    name: z.string(),
    scopes: z.array(z.string()).meta({ description: 'every scope its authorizations hold (docs/oauth.md#scopes)' }),
    authorized_at: utcTimestamp().meta({ description: 'when the user first authorized it (of the authorizations still active)' }),
  })
  .meta({ id: 'AuthorizedApp' });
export type AuthorizedAppJson = z.infer<typeof authorizedAppJson>;

/** POST /v1/store/api_key answers the store's new API key, this once. */
export const apiKeyJson = z
  .strictObject({ api_key: z.string().meta({ description: 'the new key (`sck_...`), shown only here: only its hash is kept' }) })
  .meta({ id: 'ApiKey' });

/** A developer app as docs/oauth.md#the-account-api renders it: `{client_id, name, redirect_uri, created_at}`. */
export function presentApp(app: identity.App): AppJson {
  return { client_id: app.client_id, name: app.name, redirect_uri: app.redirect_uri, created_at: formatTimestamp(app.created_at!, 'UTC') };
}

/** An app the user authorized: `{client_id, name, scopes, authorized_at}`. */
export function presentAuthorizedApp(app: identity.AuthorizedApp): AuthorizedAppJson {
  return { client_id: app.client_id, name: app.name, scopes: [...app.scopes], authorized_at: formatTimestamp(app.authorized_at!, 'UTC') };
}
