import type { CatalogDeps } from '../app/catalog-deps';
import { collectionHandlers } from './collection.handlers';
import type { CatalogHandlers } from './handler-types';
import { otherContextHandlers } from './other-context.handlers';
import { photoHandlers } from './photo.handlers';
import { productHandlers } from './product.handlers';
import { variantHandlers } from './variant.handlers';

/** Every RPC of CatalogService; `implement()` in service.ts makes a missing one a compile error. */
export function catalogHandlers(deps: CatalogDeps): CatalogHandlers {
  return {
    ...productHandlers(deps),
    ...variantHandlers(deps),
    ...collectionHandlers(deps),
    ...otherContextHandlers(deps),
    ...photoHandlers(deps),
  };
}
