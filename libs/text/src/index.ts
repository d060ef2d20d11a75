// @commerce/text: rules for text a person types and another reads (names, titles), shared by every service's domain.
export { isBlankText, visibleText } from './visible-text';
