import { safeReturnPath } from './session';

describe('where the dashboard goes after sign-in', () => {
  it('goes back to the dashboard page the owner asked for', () => {
    for (const path of ['/admin', '/admin/', '/admin/orders', '/admin/orders/12', '/admin/orders?status=open&page=2', '/admin?x=1'])
      expect(safeReturnPath(path)).toBe(path);
  });

  it('goes to /admin for anything else: other origins, other paths, the callback itself', () => {
    for (const path of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/admin//evil.example',
      '/admin/\\evil.example',
      '/administrator',
      '/signin',
      '/admin/callback?code=x',
      'javascript:alert(1)',
      '',
    ])
      expect([path, safeReturnPath(path)]).toEqual([path, '/admin']);
  });
});
