export { ApiError, ValidationError, errorTypeForStatus, type ApiErrorOptions, type FieldErrors } from './api-error';
export { httpAnswerForGrpc, httpStatusForGrpc, type HttpAnswer } from './grpc-status';
export { isRemoteError, type RemoteErrorLike } from './remote-error';
export { renderError, type ErrorBody, type RenderedError } from './render-error';
export { errorMiddleware, notFoundHandler, type ErrorLogger } from './error.middleware';
