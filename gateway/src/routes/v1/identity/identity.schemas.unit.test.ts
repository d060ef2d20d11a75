import { parseInput } from '../../../http/coerce';
import { ValidationError } from '../../../errors';
import { createApplicationStoreInput, createStoreInput } from './identity.schemas';

const errorsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.fieldErrors;
    throw error;
  }
  throw new Error('expected a ValidationError');
};

describe('createStoreInput', () => {
  it('takes name, subdomain and an optional paypal_email', () => {
    expect(parseInput(createStoreInput, { name: ' Tea ', subdomain: 'tea', paypal_email: 'pay@example.com' })).toEqual({
      name: 'Tea',
      subdomain: 'tea',
      paypal_email: 'pay@example.com',
    });
  });

  it('names what is missing', () => {
    expect(errorsOf(() => parseInput(createStoreInput, {}))).toEqual({ name: ['is required'], subdomain: ['is required'] });
  });
});

describe('createApplicationStoreInput', () => {
  const valid = {
    client_id: 'sca_1',
    secret: 'scs_1',
    name: 'Shop',
    subdomain: 'shop',
    owner: { email: 'o@example.com', password: 'long enough' },
  };

  it("accepts the spec's secret and OAuth's client_secret", () => {
    expect(parseInput(createApplicationStoreInput, valid).secret).toBe('scs_1');
    expect(parseInput(createApplicationStoreInput, { ...valid, secret: undefined, client_secret: 'scs_2' }).client_secret).toBe('scs_2');
  });

  it('names missing owner fields as the client sent them', () => {
    expect(errorsOf(() => parseInput(createApplicationStoreInput, { ...valid, owner: { login: 'x' } }))).toEqual({
      'owner[email]': ['is required'],
      'owner[password]': ['is required'],
    });
    expect(errorsOf(() => parseInput(createApplicationStoreInput, { ...valid, secret: undefined }))).toEqual({ secret: ['is required'] });
  });
});
