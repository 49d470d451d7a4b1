import { FileTooLargeError, ValidationError } from './errors.js';

/**
 * The most pixels an uploaded JPEG may hold (a pièce's scan or photo, a signature): 50 million, a
 * 50-megapixel photo. A JPEG goes into a PDF as it is (nothing decoded); a viewer decodes it at
 * 4 bytes a pixel: beyond, a small file could ask for gigabytes of whoever draws it.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

/**
 * The most pixels of an uploaded PNG: 16 million (a 4,000 × 4,000 scan). The PDFs decode a PNG
 * (signatures on attestations and decisions) at up to 4 bytes a pixel: 64 MB at most.
 */
export const PNG_MAX_PIXELS = 16_000_000;

const nf = new Intl.NumberFormat('fr-FR');

/** « L’image est trop grande : 400 000 000 pixels, 50 000 000 au plus. … » */
export const imageTooLargeMessage = (pixels: number, max = IMAGE_MAX_PIXELS): string =>
  `L’image est trop grande : ${nf.format(pixels)} pixels, ${nf.format(max)} au plus. Réduisez sa définition et envoyez-la de nouveau.`;

/** A PNG whose header is not where the format puts it: no reader may guess its size. */
export const UNREADABLE_PNG = 'Cette image PNG est illisible : son en-tête (IHDR) manque.';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const isPng = (bytes: Uint8Array): boolean =>
  bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);

/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic): they give the size. */
const JPEG_FRAMES = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/**
 * A PNG's or JPEG's width and height, read from its header (PNG's IHDR, JPEG's start of frame),
 * nothing decoded; undefined when the header is not there.
 */
export const imageDimensions = (
  bytes: Uint8Array,
): { readonly width: number; readonly height: number } | undefined => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isPng(bytes)) {
    // The IHDR chunk comes first: length (4), type (4), width (4), height (4).
    if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR')
      return undefined;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 4 <= bytes.length) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1]!;
      // Fill bytes, and markers without a length (RST, TEM).
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      if (marker === 0xd9 || marker === 0xda) return undefined; // No frame before the image data.
      const length = view.getUint16(at + 2);
      if (JPEG_FRAMES.has(marker)) {
        if (at + 9 > bytes.length) return undefined;
        return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      }
      if (length < 2) return undefined;
      at += 2 + length;
    }
  }
  return undefined;
};

/**
 * An image's pixels counted from its header: above PNG_MAX_PIXELS for a PNG, IMAGE_MAX_PIXELS for
 * a JPEG, the French 400 `fichier-trop-volumineux` under `field`. A PNG without its IHDR first is
 * refused (a lenient decoder would find one further on and believe it). A file that is no PNG or
 * JPEG passes (its own check refuses it or takes it as another kind).
 */
export const checkImagePixels = (bytes: Uint8Array, field = 'fichier'): void => {
  const size = imageDimensions(bytes);
  if (!size) {
    if (isPng(bytes)) throw new ValidationError(UNREADABLE_PNG, { [field]: UNREADABLE_PNG });
    return;
  }
  const pixels = size.width * size.height;
  const max = isPng(bytes) ? PNG_MAX_PIXELS : IMAGE_MAX_PIXELS;
  if (pixels > max) throw new FileTooLargeError(imageTooLargeMessage(pixels, max), field);
};
