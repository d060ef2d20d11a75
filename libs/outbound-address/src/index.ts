// Where the platform may connect on an owner's behalf (docs/security.md#outbound-requests).
export { MAX_URL_LENGTH, addressRefusal, parseOutboundUrl, type OutboundTarget } from './outbound-url';
