import { redirectUriProblem, validateNewApp } from './app';

describe('redirectUriProblem', () => {
  it.each([
    'https://app.example/callback',
    'https://app.example/cb?x=1',
    'http://localhost:3000/cb',
    'http://127.0.0.1:9999/callback',
    'http://[::1]/cb',
  ])('accepts %s', (uri) => {
    expect(redirectUriProblem(uri)).toBeUndefined();
  });

  it.each([
    ['/callback', 'must be an absolute URL'],
    ['http://app.example/cb', 'must use https (http is allowed for localhost only)'],
    ['https://app.example/cb#frag', 'must not contain a fragment'],
    ['https://user:pw@app.example/cb', 'must not contain credentials'],
    ['javascript:alert(1)', 'must use https (http is allowed for localhost only)'],
  ])('refuses %s', (uri, problem) => {
    expect(redirectUriProblem(uri)).toBe(problem);
  });
});

describe('validateNewApp', () => {
  it('names every bad field', () => {
    expect(validateNewApp({ name: '  ', redirect_uri: 'ftp://x' })).toEqual({
      name: ["can't be blank"],
      redirect_uri: [expect.any(String)],
    });
  });
});
