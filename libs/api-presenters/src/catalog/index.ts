// Catalog records as the API renders them (spec 2.3, 2.4, DESIGN §8); catalog's event snapshots use the same.
export { presentProduct, type ProductJson } from './product.presenter';
export { presentVariant, type VariantJson } from './variant.presenter';
export { presentCollection, type CollectionJson } from './collection.presenter';
export { presentPhoto, PHOTO_SIZES, type PhotoJson, type PhotoSize } from './photo.presenter';
export { productUrls, slugOf, type ProductUrls } from './product-urls';
export { centsToPrice } from './price';
