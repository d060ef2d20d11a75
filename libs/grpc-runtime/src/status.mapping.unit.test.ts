import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import {
  DomainError,
  ERROR_REASONS,
  RemoteError,
  STATUS_DETAILS_KEY,
  alreadyExists,
  conflict,
  failedPrecondition,
  fromServiceError,
  notFound,
  permissionDenied,
  ruleBroken,
  toServiceError,
  unauthenticated,
  validationFailed,
  type ErrorReason,
  type Logger,
} from '@commerce/grpc-runtime';

const EXPECTED_CODES: Record<ErrorReason, status> = {
  INVALID_ARGUMENT: status.INVALID_ARGUMENT,
  NOT_FOUND: status.NOT_FOUND,
  ALREADY_EXISTS: status.ALREADY_EXISTS,
  FAILED_PRECONDITION: status.FAILED_PRECONDITION,
  CONFLICT: status.ABORTED,
  PERMISSION_DENIED: status.PERMISSION_DENIED,
  UNAUTHENTICATED: status.UNAUTHENTICATED,
  RESOURCE_EXHAUSTED: status.RESOURCE_EXHAUSTED,
  UNAVAILABLE: status.UNAVAILABLE,
};

function recordingLogger() {
  const errors: object[] = [];
  const warnings: object[] = [];
  const logger: Logger = { info: () => undefined, warn: (fields) => warnings.push(fields), error: (fields) => errors.push(fields) };
  return { logger, errors, warnings };
}

const roundTrip = (err: unknown, logger?: Logger): RemoteError => fromServiceError(toServiceError(err, logger));

describe('toServiceError', () => {
  it.each(ERROR_REASONS)('maps reason %s to its gRPC status code', (reason) => {
    const sent = toServiceError(new DomainError(reason, 'Something about the request'));

    expect(sent.code).toBe(EXPECTED_CODES[reason]);
    expect(sent.details).toBe('Something about the request');
    expect(sent.metadata.get(STATUS_DETAILS_KEY)[0]).toBeInstanceOf(Buffer);
  });

  it("sends a broken rule as FAILED_PRECONDITION with the contract's own reason and metadata", () => {
    const received = roundTrip(ruleBroken('LAST_VARIANT', 'A product keeps at least one variant', { product_id: '7' }));
    expect(received).toMatchObject({
      code: status.FAILED_PRECONDITION,
      reason: 'LAST_VARIANT',
      metadata: { product_id: '7' },
      message: 'A product keeps at least one variant',
    });
  });

  it('gives every convenience constructor its reason and a client-safe message', () => {
    expect(
      [notFound('Product'), conflict('c'), alreadyExists('a'), unauthenticated('u'), permissionDenied('p'), failedPrecondition('f')].map(
        (err) => [err.reason, err.message],
      ),
    ).toEqual([
      ['NOT_FOUND', 'Product not found'],
      ['CONFLICT', 'c'],
      ['ALREADY_EXISTS', 'a'],
      ['UNAUTHENTICATED', 'u'],
      ['PERMISSION_DENIED', 'p'],
      ['FAILED_PRECONDITION', 'f'],
    ]);
    expect(validationFailed({ name: ['is required'] })).toMatchObject({
      reason: 'INVALID_ARGUMENT',
      message: 'Validation failed: name is required',
    });
  });

  it('turns an unknown error into INTERNAL "Internal error" and logs the original instead of sending it', () => {
    const { logger, errors } = recordingLogger();
    const original = new Error('connect ECONNREFUSED mongodb://admin:hunter2@10.0.0.7');

    const sent = toServiceError(original, logger, { method: '/x.Y/Z' });

    expect(sent.code).toBe(status.INTERNAL);
    expect(sent.details).toBe('Internal error');
    expect(sent.message).toBe('Internal error');
    expect(sent.metadata.getMap()).toEqual({});
    expect(errors).toEqual([expect.objectContaining({ err: original, method: '/x.Y/Z' })]);
  });

  it('treats thrown non-errors as unknown', () => {
    const { logger, errors } = recordingLogger();

    expect(toServiceError('boom', logger)).toMatchObject({ code: status.INTERNAL, details: 'Internal error' });
    expect(toServiceError(undefined, logger)).toMatchObject({ code: status.INTERNAL, details: 'Internal error' });
    expect(errors).toHaveLength(2);
  });

  it('passes a downstream domain failure through unchanged', () => {
    const downstream = new RemoteError({
      code: status.NOT_FOUND,
      message: 'Variant not found',
      reason: 'NOT_FOUND',
      metadata: { resource: 'Variant' },
    });

    expect(roundTrip(downstream)).toMatchObject({
      code: status.NOT_FOUND,
      message: 'Variant not found',
      reason: 'NOT_FOUND',
      metadata: { resource: 'Variant' },
    });
  });

  it('keeps the code of a downstream transport failure but not its message', () => {
    const { logger, warnings } = recordingLogger();
    const unavailable = new RemoteError({
      code: status.UNAVAILABLE,
      message: 'No connection established. Last error: connect ECONNREFUSED 10.1.2.3:50051',
    });
    const late = new RemoteError({ code: status.DEADLINE_EXCEEDED, message: 'Deadline exceeded after 5.001s' });

    expect(roundTrip(unavailable, logger)).toMatchObject({ code: status.UNAVAILABLE, message: 'Service unavailable' });
    expect(roundTrip(late, logger)).toMatchObject({ code: status.DEADLINE_EXCEEDED, message: 'Deadline exceeded' });
    expect(warnings).toHaveLength(2);
  });

  it('hides a downstream INTERNAL behind its own', () => {
    const downstream = new RemoteError({ code: status.INTERNAL, message: 'Internal error' });

    expect(roundTrip(downstream, recordingLogger().logger)).toMatchObject({
      code: status.INTERNAL,
      message: 'Internal error',
      reason: undefined,
    });
  });
});

describe('fromServiceError', () => {
  it.each(ERROR_REASONS)('restores reason %s and code after the round trip', (reason) => {
    const received = roundTrip(new DomainError(reason, 'msg'));

    expect(received).toBeInstanceOf(RemoteError);
    expect(received).toMatchObject({ code: EXPECTED_CODES[reason], reason, message: 'msg' });
  });

  it('keeps every field violation, in order, through the round trip', () => {
    const violations = { subdomain: ['is too short', 'may only contain letters and digits'], 'owner[email]': ['is invalid'] };

    const received = roundTrip(validationFailed(violations, 'Store is invalid'));

    expect(received.code).toBe(status.INVALID_ARGUMENT);
    expect(received.message).toBe('Store is invalid');
    expect(received.fieldViolations).toEqual(violations);
  });

  it('keeps ErrorInfo metadata', () => {
    const received = roundTrip(new DomainError('FAILED_PRECONDITION', 'No store', { metadata: { needs: 'store' } }));

    expect(received.metadata).toEqual({ needs: 'store' });
  });

  it('reads a status without details as code and message only', () => {
    const err = Object.assign(new Error('5 NOT_FOUND: gone'), {
      code: status.NOT_FOUND,
      details: 'gone',
      metadata: new Metadata(),
    }) as ServiceError;

    const received = fromServiceError(err);

    expect(received).toMatchObject({ code: status.NOT_FOUND, message: 'gone' });
    expect(received.reason).toBeUndefined();
    expect(received.fieldViolations).toBeUndefined();
  });

  it('survives malformed details from a foreign server', () => {
    const metadata = new Metadata();
    metadata.set(STATUS_DETAILS_KEY, Buffer.from([0xff, 0xff, 0xff]));
    const err = Object.assign(new Error('x'), { code: status.ABORTED, details: 'Conflict', metadata }) as ServiceError;

    expect(fromServiceError(err)).toMatchObject({ code: status.ABORTED, message: 'Conflict' });
  });
});
