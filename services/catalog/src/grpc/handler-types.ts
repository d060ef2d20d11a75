import type { catalog } from '@commerce/contracts';
import type { HandlersOf as HandlersOfService, ServiceHandlers } from '@commerce/grpc-runtime';

export type CatalogHandlers = ServiceHandlers<typeof catalog.CatalogServiceService>;
export type HandlersOf<K extends keyof CatalogHandlers> = HandlersOfService<typeof catalog.CatalogServiceService, K>;
