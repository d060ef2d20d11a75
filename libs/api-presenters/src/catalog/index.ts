// Catalog records as the API renders them (docs/catalog.md); catalog's event snapshots use the same.
export { presentProduct, productJson, type ProductJson } from './product.presenter';
export {
  lowStockVariantJson,
  presentLowStockVariant,
  presentVariant,
  variantJson,
  type LowStockVariantJson,
  type VariantJson,
} from './variant.presenter';
export { presentCollection, collectionJson, type CollectionJson } from './collection.presenter';
export { RENDITIONS, RENDITION_NAMES, isRenditionName, renditionSize, type Rendition, type RenditionName } from './renditions';
export { presentPhoto, photoJson, mediaPath, mediaOriginOf, PHOTO_SIZES, type PhotoJson, type PhotoSize } from './photo.presenter';
export { productUrls, slugOf, type ProductUrls } from './product-urls';
export { centsToPrice } from './price';
