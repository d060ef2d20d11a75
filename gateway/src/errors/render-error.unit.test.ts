import { status } from '@grpc/grpc-js';
import { ApiError, ValidationError } from './api-error';
import { renderError } from './render-error';

/** What @commerce/grpc-runtime's client throws, built here by shape only. */
class RemoteError extends Error {
  override readonly name = 'RemoteError';
  constructor(
    readonly code: number,
    message: string,
    readonly reason?: string,
    readonly fieldViolations?: Record<string, string[]>,
    readonly metadata?: Record<string, string>,
  ) {
    super(message);
  }
}

const bodyOf = (err: unknown) => renderError(err, 'req-42').body;

describe('renderError', () => {
  it('renders an ApiError exactly in the error shape', () => {
    expect(renderError(new ApiError(404, 'Order not found'), 'req-42')).toEqual({
      status: 404,
      headers: {},
      body: {
        error: 'Order not found',
        meta: { code: 404, api_version: '1.0', error_type: 'NotFound', error_message: 'Order not found', request_id: 'req-42' },
      },
    });
  });

  it('keeps a specific error type and headers', () => {
    const rendered = renderError(new ApiError(403, 'Needs the user scope', { errorType: 'OAuthRequired' }), 'r');
    expect(rendered.body.meta.error_type).toBe('OAuthRequired');
    const limited = renderError(new ApiError(429, 'Slow down', { headers: { 'Retry-After': '3' } }), 'r');
    expect(limited).toMatchObject({ status: 429, headers: { 'Retry-After': '3' }, body: { meta: { error_type: 'RateLimited' } } });
  });

  it.each([
    [400, 'BadRequest'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'NotFound'],
    [405, 'MethodNotAllowed'],
    [409, 'Conflict'],
    [413, 'PayloadTooLarge'],
    [422, 'ValidationError'],
    [429, 'RateLimited'],
  ])('names status %i %s', (code, type) => {
    expect(bodyOf(new ApiError(code, 'x')).meta).toMatchObject({ code, error_type: type });
  });

  it('renders a ValidationError as a 422 with per-field errors', () => {
    expect(bodyOf(new ValidationError({ 'owner[email]': ['must be a valid email'], name: ["can't be blank"] }))).toEqual({
      error: "Validation failed: owner[email] must be a valid email, name can't be blank",
      meta: {
        code: 422,
        api_version: '1.0',
        error_type: 'ValidationError',
        error_message: "Validation failed: owner[email] must be a valid email, name can't be blank",
        errors: { 'owner[email]': ['must be a valid email'], name: ["can't be blank"] },
        request_id: 'req-42',
      },
    });
  });

  it('renders a thrown Error as a 500 that leaks nothing of it', () => {
    const rendered = renderError(new Error('secret db password'), 'req-42');
    expect(rendered).toEqual({
      status: 500,
      headers: {},
      body: {
        error: 'Internal server error',
        meta: {
          code: 500,
          api_version: '1.0',
          error_type: 'InternalServerError',
          error_message: 'Internal server error',
          request_id: 'req-42',
        },
      },
    });
    expect(JSON.stringify(rendered)).not.toMatch(/secret|password|stack/);
  });

  it.each([['a string'], [null], [undefined], [{ code: 5, message: 'not a RemoteError by name' }]])(
    'renders %p as a plain 500',
    (thrown) => {
      expect(bodyOf(thrown).meta).toMatchObject({ code: 500, error_type: 'InternalServerError' });
    },
  );

  it('hides the message of a gateway ApiError with a 5xx status but keeps its headers', () => {
    const rendered = renderError(new ApiError(503, 'identity at 10.0.0.5 refused', { headers: { 'Retry-After': '1' } }), 'r');
    expect(rendered).toMatchObject({
      status: 503,
      headers: { 'Retry-After': '1' },
      body: { error: 'Service unavailable, try again shortly' },
    });
  });

  describe('remote errors', () => {
    it('maps the status through the one table and keeps a 4xx message', () => {
      expect(renderError(new RemoteError(status.NOT_FOUND, 'Product not found'), 'r')).toMatchObject({
        status: 404,
        body: { error: 'Product not found', meta: { code: 404, error_type: 'NotFound', error_message: 'Product not found' } },
      });
      expect(bodyOf(new RemoteError(status.FAILED_PRECONDITION, 'Order cannot be shipped from hold')).meta).toMatchObject({
        code: 409,
        error_type: 'Conflict',
      });
      expect(bodyOf(new RemoteError(status.RESOURCE_EXHAUSTED, 'Too many', 'RESOURCE_EXHAUSTED')).meta).toMatchObject({
        code: 429,
        error_type: 'RateLimited',
      });
      // No reason: grpc-js refused a message past the channel's size limit; nothing of it reaches the client.
      expect(
        bodyOf(new RemoteError(status.RESOURCE_EXHAUSTED, 'Received message larger than max (9000000 vs 8388608)')).meta,
      ).toMatchObject({
        code: 500,
        error_type: 'InternalServerError',
        error_message: 'Internal server error',
      });
    });

    it('uses the reason as the type of a 403', () => {
      expect(bodyOf(new RemoteError(status.PERMISSION_DENIED, 'Needs store_write', 'InsufficientScope')).meta.error_type).toBe(
        'InsufficientScope',
      );
      expect(bodyOf(new RemoteError(status.PERMISSION_DENIED, 'No', 'bad reason <x>')).meta.error_type).toBe('Forbidden');
      expect(bodyOf(new RemoteError(status.NOT_FOUND, 'No', 'InsufficientScope')).meta.error_type).toBe('NotFound');
    });

    it('turns field violations into errors named like the inputs', () => {
      const err = new RemoteError(status.INVALID_ARGUMENT, 'Invalid product', undefined, {
        name: ['is required'],
        'owner.email': ['is taken'],
        'rates.0.cents': ['must be positive'],
      });
      expect(bodyOf(err)).toEqual({
        error: 'Invalid product',
        meta: {
          code: 422,
          api_version: '1.0',
          error_type: 'ValidationError',
          error_message: 'Invalid product',
          errors: { name: ['is required'], 'owner[email]': ['is taken'], 'rates[0][cents]': ['must be positive'] },
          request_id: 'req-42',
        },
      });
    });

    it('leaves out errors when there are none', () => {
      expect(bodyOf(new RemoteError(status.INVALID_ARGUMENT, 'Bad', undefined, {})).meta).not.toHaveProperty('errors');
    });

    it.each([status.UNAVAILABLE, status.DEADLINE_EXCEEDED])('renders %i as a 503 that names no backend', (code) => {
      expect(renderError(new RemoteError(code, 'connect ECONNREFUSED 10.0.0.5:50151'), 'req-42')).toEqual({
        status: 503,
        headers: {},
        body: {
          error: 'Service unavailable, try again shortly',
          meta: {
            code: 503,
            api_version: '1.0',
            error_type: 'ServiceUnavailable',
            error_message: 'Service unavailable, try again shortly',
            request_id: 'req-42',
          },
        },
      });
    });

    describe('broken rules of orders (ErrorInfo reasons)', () => {
      const ruleBroken = (reason: string, message: string, metadata?: Record<string, string>, code: number = status.FAILED_PRECONDITION) =>
        renderError(new RemoteError(code, message, reason, undefined, metadata), 'req-42');

      it('answers a declined payment with 402 PaymentDeclined', () => {
        expect(ruleBroken('PAYMENT_DECLINED', 'Your card was declined', { order_id: '31' })).toEqual({
          status: 402,
          headers: {},
          body: {
            error: 'Your card was declined',
            meta: {
              code: 402,
              api_version: '1.0',
              error_type: 'PaymentDeclined',
              error_message: 'Your card was declined',
              request_id: 'req-42',
            },
          },
        });
      });

      it('answers short stock with 409 OutOfStock and one line per short variant', () => {
        const shortVariants = JSON.stringify([
          { variant_id: 12, requested: 3, in_stock: 1 },
          { variant_id: 14, requested: 2, in_stock: 0 },
        ]);
        const rendered = ruleBroken('INSUFFICIENT_STOCK', 'Not enough stock for 2 variants', { short_variants: shortVariants });
        expect(rendered.status).toBe(409);
        expect(rendered.body).toMatchObject({
          error: 'Not enough stock for 2 variants',
          meta: {
            code: 409,
            error_type: 'OutOfStock',
            errors: { items: ['variant 12 has only 1 in stock (3 requested)', 'variant 14 is out of stock (2 requested)'] },
          },
        });
      });

      it("reads catalog's flat metadata, and falls back to the message when no variant is readable", () => {
        expect(
          ruleBroken('INSUFFICIENT_STOCK', 'Only 1 of variant 12 in stock', { variant_id: '12', requested: '3', in_stock: '1' }).body.meta
            .errors,
        ).toEqual({
          items: ['variant 12 has only 1 in stock (3 requested)'],
        });
        const unreadable: Array<Record<string, string> | undefined> = [
          undefined,
          { short_variants: 'not json' },
          { short_variants: '[{"variant_id":"x"}]' },
          { variant_id: '12' },
        ];
        for (const metadata of unreadable) {
          expect(ruleBroken('INSUFFICIENT_STOCK', 'Only 1 of variant 12 in stock, 3 requested', metadata).body.meta).toMatchObject({
            code: 409,
            error_type: 'OutOfStock',
            errors: { items: ['Only 1 of variant 12 in stock, 3 requested'] },
          });
        }
      });

      it('answers a refused transition with 409 InvalidTransition naming the current status', () => {
        expect(
          ruleBroken('ILLEGAL_TRANSITION', 'An order that is on hold cannot be shipped', { status: 'on hold', action: 'ship' }).body.meta,
        ).toMatchObject({
          code: 409,
          error_type: 'InvalidTransition',
          error_message: 'An order that is on hold cannot be shipped',
        });
        expect(ruleBroken('ILLEGAL_TRANSITION', 'Refused', { status: 'canceled', action: 'hold' }).body).toMatchObject({
          error: 'An order that is canceled cannot be put on hold',
          meta: { code: 409, error_type: 'InvalidTransition' },
        });
        expect(ruleBroken('ILLEGAL_TRANSITION', 'Refused', { status: 'failed', action: 'archive' }).body.error).toBe(
          'An order that is failed cannot be changed this way',
        );
        expect(ruleBroken('ILLEGAL_TRANSITION', 'Refused').body.error).toBe('Refused');
      });

      it.each([
        ['NOT_PURCHASABLE', status.FAILED_PRECONDITION, 'NotPurchasable'],
        ['NOTHING_TO_SHIP', status.FAILED_PRECONDITION, 'NothingToShip'],
        ['CHECKOUT_IN_PROGRESS', status.ABORTED, 'CheckoutInProgress'],
      ])('answers %s with 409 %s', (reason, code, errorType) => {
        expect(ruleBroken(reason, 'Something about the order', undefined, code)).toMatchObject({
          status: 409,
          body: { error: 'Something about the order', meta: { code: 409, error_type: errorType } },
        });
      });

      it('answers other reasons as their code does', () => {
        expect(ruleBroken('SHIPPING_GROUP_IN_USE', 'Shipping group is used by 2 products', { product_count: '2' }).body.meta).toMatchObject(
          { code: 409, error_type: 'Conflict' },
        );
        expect(ruleBroken('PAYMENT_DECLINED', 'Aborted', undefined, status.ABORTED).body.meta).toMatchObject({
          code: 409,
          error_type: 'Conflict',
        });
        expect(ruleBroken('toString', 'Odd reason').body.meta).toMatchObject({ code: 409, error_type: 'Conflict' });
        expect(ruleBroken('PAYMENT_DECLINED', 'Internal', undefined, status.INTERNAL).body).toMatchObject({
          error: 'Internal server error',
          meta: { code: 500 },
        });
      });
    });

    it.each([status.INTERNAL, status.UNKNOWN, status.DATA_LOSS])('renders %i as a generic 500', (code) => {
      expect(bodyOf(new RemoteError(code, 'mongo: duplicate key in orders_by_store'))).toMatchObject({
        error: 'Internal server error',
        meta: { code: 500 },
      });
    });
  });

  it('keeps the message of an exposed 4xx from Express (http-errors convention)', () => {
    const decodeFailure = Object.assign(new URIError("Failed to decode param '%E0%A4%A'"), { status: 400, expose: true });
    expect(bodyOf(decodeFailure)).toMatchObject({
      error: "Failed to decode param '%E0%A4%A'",
      meta: { code: 400, error_type: 'BadRequest' },
    });
    const unexposed = Object.assign(new Error('internal detail'), { status: 400 });
    expect(bodyOf(unexposed)).toMatchObject({ error: 'Internal server error', meta: { code: 500 } });
  });
});
