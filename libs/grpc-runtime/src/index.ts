// @commerce/grpc-runtime: the one error model (and the record field descriptions whose violations it carries),
// promise-based handlers and clients, and server bootstrap.
export {
  DomainError,
  ERROR_REASONS,
  isDomainError,
  validationFailed,
  notFound,
  conflict,
  alreadyExists,
  unauthenticated,
  permissionDenied,
  failedPrecondition,
  ruleBroken,
  isNotFound,
  type ErrorReason,
  type FieldViolations,
  type DomainErrorOptions,
} from './domain.error';
export { ECHO_LIMITS, boundViolations, clipText, excerpt, listExcerpt, summarizeViolations, type BoundedViolations } from './error-echo';
export {
  checkedChanges,
  checkedChangesAsync,
  checkedFields,
  checkedFieldsAsync,
  fieldNameOf,
  fieldViolations,
  recordFields,
  ruled,
  violationsOf,
  type Finding,
  type RecordFields,
  type SchemaIssue,
} from './record-fields';
export { RemoteError, isRemoteError, type RemoteErrorFields } from './remote.error';
export {
  toServiceError,
  fromServiceError,
  REASON_TO_CODE,
  STATUS_DETAILS_KEY,
  BAD_REQUEST_TYPE_URL,
  ERROR_INFO_TYPE_URL,
  ERROR_DOMAIN,
} from './status.mapping';
export { REQUEST_ID_KEY, PRINCIPAL_KEY, type CallContext, type Principal } from './call.context';
export {
  unary,
  implement,
  type UnaryHandler,
  type HandlersOf,
  type ServiceHandlers,
  type AnyHandlers,
  type HandlerOptions,
  type GrpcImplementation,
  type ServiceBinding,
  type ServiceBindingOf,
  type RequestOf,
  type ResponseOf,
} from './unary.handler';
export { requireStoreId } from './tenant.guard';
export { startGrpcServer, serviceNameOf, type GrpcServerOptions, type RunningGrpcServer } from './grpc.server';
export {
  createClient,
  type CallOptions,
  type ClientFactoryOptions,
  type ClientConstructor,
  type ServiceClient,
  type RemoteMethod,
} from './grpc.client';
export { closeAllChannels, MAX_MESSAGE_BYTES, MEDIA_MESSAGE_BYTES } from './channel.options';
export { checkHealth, healthStatus, type HealthState, type HealthCheckOptions } from './health.client';
export { protoRoot, protoFilesOf, loadProtoPackage } from './proto.files';
export { stderrLogger, silentLogger, type Logger } from './logger.port';
export { status as GrpcStatus } from '@grpc/grpc-js';
