import { identity } from '@commerce/contracts';
import { appJson, authorizedAppJson, presentApp, presentAuthorizedApp } from './account.presenter';

const AT = new Date('2026-03-01T15:04:05Z');

describe('presentApp', () => {
  it('renders the app in UTC, never its secret hash or owner', () => {
    const app = identity.App.fromPartial({
      client_id: 'sca_1',
      name: 'Label Printer',
      redirect_uri: 'https://labels.example/cb',
      owner_user_id: 42,
      created_at: AT,
    });

    const rendered = presentApp(app);

    expect(rendered).toEqual({
      client_id: 'sca_1',
      name: 'Label Printer',
      redirect_uri: 'https://labels.example/cb',
      created_at: '2026-03-01T15:04:05+00:00',
    });
    expect(appJson.safeParse(rendered).success).toBe(true);
  });
});

describe('presentAuthorizedApp', () => {
  it('renders the app with its scopes and when it was authorized', () => {
    const app = identity.AuthorizedApp.fromPartial({
      client_id: 'sca_2',
      name: 'Stock Sync',
      scopes: ['user', 'store_read'],
      authorized_at: AT,
    });

    const rendered = presentAuthorizedApp(app);

    expect(rendered).toEqual({
      client_id: 'sca_2',
      name: 'Stock Sync',
      scopes: ['user', 'store_read'],
      authorized_at: '2026-03-01T15:04:05+00:00',
    });
    expect(authorizedAppJson.safeParse(rendered).success).toBe(true);
  });
});
