import { UsageError } from '../usage-error';
import { parseMailListOptions, parseMailShowOperands } from './mail-options';

describe('storectl mail list: its options', () => {
  it('needs only --store; --limit and --status go to ListMessages as given', () => {
    expect(parseMailListOptions({ store: '7' })).toEqual({ storeId: 7 });
    expect(parseMailListOptions({ store: ' 7 ', limit: '5', status: 'Kept' })).toEqual({ storeId: 7, limit: 5, status: 'kept' });
  });

  it.each([
    [{}, 'mail list needs --store ID.'],
    [{ store: '' }, 'mail list needs --store ID.'],
    [{ store: 'shop' }, '--store must be a whole number, 1 or more.'],
    [{ store: '0' }, '--store must be a whole number, 1 or more.'],
    [{ store: '1', limit: '2.5' }, '--limit must be a whole number, 1 or more.'],
    [{ store: '1', limit: '0' }, '--limit must be a whole number, 1 or more.'],
    [{ store: '1', status: 'delivered' }, '--status must be one of pending, sent, failed, kept.'],
  ])('refuses %j: %s', (values, message) => {
    const attempt = () => parseMailListOptions(values);
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(message);
  });
});

describe('storectl mail show: its operand', () => {
  it('is the message id after the two words', () => {
    expect(parseMailShowOperands(['42'])).toBe(42);
  });

  it.each([
    [[], 'mail show needs a message ID (as `mail list` prints it).'],
    [['12', '13'], 'mail show takes one message ID, not 2.'],
    [['abc'], 'The message ID must be a whole number, 1 or more.'],
    [['-3'], 'The message ID must be a whole number, 1 or more.'],
  ])('refuses %j: %s', (operands, message) => {
    const attempt = () => parseMailShowOperands(operands);
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(message);
  });
});
