// The media service's imaging (docs/media.md): the rules an upload must meet, the spec's 13 sizes, and the sharp
// adapter that reads headers and makes renditions, and the content-addressed image store. The service's gRPC surface
// comes next (issue 33).
export {
  ACCEPTED_FORMATS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  imageRefusal,
  type ImageFormat,
  type ImageHeader,
} from './domain/image-rules';
export { RENDITIONS, RENDITION_NAMES, isRenditionName, renditionSize, type Rendition, type RenditionName } from './domain/renditions';
export { readHeader, renderImage, type OutputFormat, type RenderedImage } from './infra/sharp-imaging';
export { ImageStore } from './infra/image-store';
