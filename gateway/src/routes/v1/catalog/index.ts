import type { Router } from 'express';
import type { BackendClients } from '../../../clients';
import type { PaginationOptions } from '../../../http/pagination';
import { collectionRoutes } from './collection.routes';
import { photoRoutes } from './photo.routes';
import { productRoutes } from './product.routes';
import { variantRoutes } from './variant.routes';

/** `publicUrl` (config PUBLIC_URL) makes next_url absolute on the public address; without it the request's host is used. */
export type CatalogRouteOptions = PaginationOptions;

/** Products, variants and collections (docs/catalog.md#endpoints) on the /v1 router, routed to the catalog service. */
export function catalogRoutes(router: Router, clients: BackendClients, options: CatalogRouteOptions = {}): void {
  productRoutes(router, clients, options);
  photoRoutes(router, clients, options);
  variantRoutes(router, clients, options);
  collectionRoutes(router, clients, options);
}
