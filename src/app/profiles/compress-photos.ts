import { COMPRESSION_LADDER, PHOTO_MAX_BYTES, PHOTO_TYPES } from '#shared/domain/profile.ts';

export type LadderStep = (typeof COMPRESSION_LADDER)[number];

/** One decoded image, encoded as JPEG at a step of the ladder. */
export type EncodeSession = { encode(step: LadderStep): Promise<Blob>; close(): void };
/** Decodes a file once; injectable so the ladder can be tested without a real canvas. */
export type Encoder = (file: File) => Promise<EncodeSession>;

export type CompressionResult = {
  /** Compressed JPEGs, each at most PHOTO_MAX_BYTES, ready to upload. */
  ready: File[];
  /** Originals still over PHOTO_MAX_BYTES after the last step. */
  tooLarge: File[];
  /** Originals that are not JPEG, PNG or WebP, or that could not be read as an image. */
  badType: File[];
};

const isPhotoType = (type: string) => (PHOTO_TYPES as readonly string[]).includes(type);

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

/** Never upscales: an image narrower than the step keeps its width. */
export function targetSize(width: number, height: number, maxWidth: number): { width: number; height: number } {
  const targetWidth = Math.min(width, maxWidth);
  return { width: targetWidth, height: Math.max(1, Math.round((height * targetWidth) / width)) };
}

/** A JPEG of the bitmap at that size: OffscreenCanvas where the browser has it, else a page canvas. */
function drawJpeg(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> {
  const paint = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null) => {
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
  };
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    paint(canvas.getContext('2d'));
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = Object.assign(document.createElement('canvas'), { width, height });
  paint(canvas.getContext('2d'));
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas gave no image'))), 'image/jpeg', quality),
  );
}

/** The browser's own decoder and a canvas: EXIF orientation applied, metadata gone, transparency on white. */
export const canvasEncoder: Encoder = async (file) => {
  const bitmap = await createImageBitmap(file);
  return {
    encode(step) {
      const { width, height } = targetSize(bitmap.width, bitmap.height, step.maxWidth);
      return drawJpeg(bitmap, width, height, step.quality);
    },
    close: () => bitmap.close(),
  };
};

/**
 * Runs the compression ladder (800 px / 0.6, then 600 / 0.4, then 400 / 0.3) on each photo, one
 * at a time, stopping at the first step that fits in 2 MB. Other types are refused unread.
 */
export async function compressPhotos(
  files: readonly File[],
  encode: Encoder = canvasEncoder,
  onProgress?: (done: number, total: number) => void,
): Promise<CompressionResult> {
  const result: CompressionResult = { ready: [], tooLarge: [], badType: [] };
  for (const [index, file] of files.entries()) {
    onProgress?.(index, files.length);
    if (!isPhotoType(file.type)) {
      result.badType.push(file);
      continue;
    }
    let session: EncodeSession;
    try {
      session = await encode(file);
    } catch {
      result.badType.push(file);
      continue;
    }
    try {
      let fitted: Blob | null = null;
      for (const step of COMPRESSION_LADDER) {
        const blob = await session.encode(step);
        if (blob.size <= PHOTO_MAX_BYTES) {
          fitted = blob;
          break;
        }
      }
      if (fitted) result.ready.push(new File([fitted], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }));
      else result.tooLarge.push(file);
    } catch {
      result.badType.push(file);
    } finally {
      session.close();
    }
  }
  onProgress?.(files.length, files.length);
  return result;
}

const MB = PHOTO_MAX_BYTES / (1024 * 1024);
const names = (files: readonly File[]) => files.map((file) => file.name).join(', ');

/** "2 photos are still larger than 2 MB after compression: a.jpg, b.png" */
export function tooLargeMessage(files: readonly File[]): string {
  const count = files.length;
  return `${count} ${count === 1 ? 'photo is' : 'photos are'} still larger than ${MB} MB after compression: ${names(files)}`;
}

/** "Only JPEG, PNG or WebP photos are allowed: notes.txt" (the server's own wording, with the names). */
export function badTypeMessage(files: readonly File[]): string {
  return `Only JPEG, PNG or WebP photos are allowed: ${names(files)}`;
}

/** The refusal texts for one selection, empty when every photo is ready. */
export function refusalMessages(result: CompressionResult): string[] {
  return [result.badType.length > 0 && badTypeMessage(result.badType), result.tooLarge.length > 0 && tooLargeMessage(result.tooLarge)].filter(
    (text): text is string => Boolean(text),
  );
}
