import { Writable } from 'node:stream';
import { createLogger } from '@commerce/observability';
import type { BackgroundTask } from '@commerce/service-host';
import type { IdentityDeps } from '../app/identity-deps';
import { oauthSettings } from '../app/oauth-settings';
import { loadIdentityConfig } from '../config';
import { oauthSide } from './oauth-side';

const env = { NATS_URL: 'nats://127.0.0.1:4222' };
let warnings: string[];
const logger = createLogger({
  service: 'identity-test',
  destination: new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(chunk.toString()) as { level: number | string; msg: string };
      if (line.level === 40 || line.level === 'warn') warnings.push(line.msg);
      done();
    },
  }),
});
const codePurge: BackgroundTask = { name: 'authorization-code purge', start: async () => {}, stop: async () => {} };

beforeEach(() => {
  warnings = [];
});

describe('oauthSide', () => {
  it('runs the pages server and the code purge when a signing secret is set', () => {
    const config = loadIdentityConfig({ ...env, OAUTH_JWT_SECRET: 'a-signing-secret-of-enough-length-0123456789' });
    const deps = { oauth: oauthSettings(config) } as IdentityDeps;
    const side = oauthSide(deps, config, logger, codePurge);
    expect(side.pages?.name).toBe('identity pages');
    expect(side.background).toEqual([side.pages, codePurge]);
    expect(warnings).toEqual([]);
  });

  it('runs neither, and says so, without a signing secret', () => {
    const config = loadIdentityConfig(env);
    const side = oauthSide({ oauth: oauthSettings(config) } as IdentityDeps, config, logger, codePurge);
    expect(side).toEqual({ background: [] });
    expect(warnings).toEqual(['OAUTH_JWT_SECRET is not set: OAuth pages and tokens are not served']);
  });
});
