import type { catalog } from '@commerce/contracts';
import type { ServiceHandlers } from '@commerce/grpc-runtime';

export type CatalogHandlers = ServiceHandlers<typeof catalog.CatalogServiceService>;
export type HandlersOf<K extends keyof CatalogHandlers> = Pick<CatalogHandlers, K>;
