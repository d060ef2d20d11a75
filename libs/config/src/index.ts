export { loadConfig, ConfigError } from './load-config';
export {
  SERVICE_NAMES,
  DEFAULT_GRPC_PORTS,
  DEFAULT_IDENTITY_HTTP_PORT,
  identityHttpUrl,
  oauthTokenSettings,
  addressEnvName,
  addressOf,
  flagSetting,
  grpcAddress,
  logLevel,
  logFormat,
  logFormatChoice,
  mongoUrl,
  portSchema,
  serviceAddresses,
  configuredServiceAddresses,
  serviceConfigSchema,
  storefrontDomain,
  type ServiceName,
} from './platform.config';
export {
  CLIENT_ADDRESS_HEADER,
  CLIENT_ADDRESS_SIGNATURE_HEADER,
  clientAddressKey,
  signClientAddress,
  isSignedClientAddress,
} from './client-address';
export { freePort, portIsFree } from './free-port';
export { z } from 'zod';
export { readStackFile, writeStackFile, stackFilePath, isProcessRunning, type StackFile } from './stack-file';
