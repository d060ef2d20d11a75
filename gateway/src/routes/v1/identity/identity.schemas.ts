import { z } from 'zod';
import { looseString } from '../../../http/coerce';

/** POST /v1/stores (DESIGN §8): name, subdomain, paypal_email; the time zone is optional. */
export const createStoreInput = z.object({
  name: looseString({ min: 1, max: 100, trim: true }),
  subdomain: looseString({ min: 1, trim: true }),
  paypal_email: looseString({ trim: true }).optional(),
  time_zone: looseString({ trim: true }).optional(),
});

/** POST /v1/application/stores (DESIGN §7): the app's credentials, the store, and its new owner. */
export const createApplicationStoreInput = z
  .object({
    client_id: looseString({ min: 1, trim: true }),
    secret: looseString().optional(),
    client_secret: looseString().optional(),
    name: looseString({ min: 1, max: 100, trim: true }),
    subdomain: looseString({ min: 1, trim: true }),
    owner: z.object(
      {
        login: looseString({ trim: true }).optional(),
        email: looseString({ min: 1, trim: true }),
        password: looseString({ min: 1 }),
      },
      { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object') },
    ),
  })
  // `secret` is the spec's name; `client_secret` is what OAuth libraries send.
  .refine((input) => Boolean(input.secret ?? input.client_secret), { path: ['secret'], message: 'is required' });
