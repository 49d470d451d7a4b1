/**
 * The printed list is shared with the query service's report exports: it lives in the platform
 * (`@examens-pro/platform/pdf`, pdfkit only, so that the render thread loads nothing else).
 */
export {
  editedOn,
  pdfText,
  renderListDocument,
  type Column,
  type ListDocumentOptions,
} from '@examens-pro/platform/pdf';
