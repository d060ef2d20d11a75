import { z } from 'zod';
import { looseString } from '../../../http/coerce';
import { CEILINGS } from '../../../http/ceilings';

/** POST /v1/stores (docs/api-conventions.md#store): name, subdomain, paypal_email; the time zone is optional. */
export const createStoreInput = z.object({
  name: looseString({ min: 1, max: 100, trim: true }),
  subdomain: looseString({ min: 1, trim: true, max: CEILINGS.lineChars }),
  paypal_email: looseString({ trim: true, max: CEILINGS.lineChars }).optional(),
  time_zone: looseString({ trim: true, max: CEILINGS.lineChars }).optional(),
});

/** POST /v1/application/stores (docs/oauth.md#the-application-owner-endpoint): the app's credentials, the store, and its new owner. */
export const createApplicationStoreInput = z
  .object({
    client_id: looseString({ min: 1, trim: true, max: CEILINGS.lineChars }),
    secret: looseString({ max: CEILINGS.lineChars }).optional(),
    client_secret: looseString({ max: CEILINGS.lineChars }).optional(),
    name: looseString({ min: 1, max: 100, trim: true }),
    subdomain: looseString({ min: 1, trim: true, max: CEILINGS.lineChars }),
    owner: z.object(
      {
        login: looseString({ trim: true, max: CEILINGS.lineChars }).optional(),
        email: looseString({ min: 1, trim: true, max: CEILINGS.lineChars }),
        password: looseString({ min: 1, max: CEILINGS.lineChars }),
      },
      { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object') },
    ),
  })
  // `secret` is the spec's name; `client_secret` is what OAuth libraries send.
  .refine((input) => Boolean(input.secret ?? input.client_secret), { path: ['secret'], message: 'is required' });

/** POST /v1/apps (docs/oauth.md#the-account-api): the app's name and redirect URI; their rules are identity's, answered per field. */
export const createAppInput = z.object({
  name: looseString({ max: CEILINGS.lineChars }),
  redirect_uri: looseString({ max: CEILINGS.lineChars }),
});
