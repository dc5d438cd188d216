import sharp from 'sharp';
import { HttpError } from '#shared/http-error.ts';

/** Uploads larger than this (in pixels, read from the header) are refused before any decoding. */
export const PHOTO_MAX_INPUT_PIXELS = 40_000_000;
export const PHOTO_MAX_INPUT_SIDE = 10_000;
/** Stored photos fit within this square; smaller ones keep their size. */
export const PHOTO_STORED_SIDE = 1600;
const WEBP_QUALITY = 80;

export const PHOTO_TYPE_REFUSED = 'Only JPEG, PNG or WebP photos are allowed';

/** An upload refused, reported on the form's `photos` field (or the field named). */
export const photoError = (status: number, message: string, field = 'photos') => new HttpError(status, message, [{ field, message }]);

export type PhotoType = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The real type from the first bytes; the declared content type and the file name are never trusted. */
export function sniffPhotoType(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export type EncodedPhoto = { bytes: Buffer; width: number; height: number };

/**
 * Checks an upload and re-encodes it as the WebP we store: turned upright from its EXIF
 * orientation, at most PHOTO_STORED_SIDE a side, and with every piece of metadata (EXIF with
 * GPS, XMP, IPTC, ICC, comments) dropped, since sharp keeps none unless asked.
 */
export async function encodePhoto(name: string, bytes: Buffer, field = 'photos'): Promise<EncodedPhoto> {
  const type = sniffPhotoType(bytes);
  if (!type) throw photoError(400, PHOTO_TYPE_REFUSED, field);

  const unreadable = () => photoError(400, `${name} could not be read: the file is damaged or incomplete`, field);
  // Reading the header decodes no pixels, so it is safe before the size check.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  if (header.format !== type) throw photoError(400, PHOTO_TYPE_REFUSED, field);
  const { width, height } = header;
  if (!width || !height) throw unreadable();
  if (width > PHOTO_MAX_INPUT_SIDE || height > PHOTO_MAX_INPUT_SIDE || width * height > PHOTO_MAX_INPUT_PIXELS) {
    throw photoError(
      413,
      `${name} has too many pixels (${width} × ${height}): at most ${PHOTO_MAX_INPUT_PIXELS / 1_000_000} megapixels and ${PHOTO_MAX_INPUT_SIDE} pixels a side`,
      field,
    );
  }

  const { data, info } = await sharp(bytes, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: PHOTO_STORED_SIDE, height: PHOTO_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw unreadable();
    });
  return { bytes: data, width: info.width, height: info.height };
}
