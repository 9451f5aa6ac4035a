// A signature is put into printed Word documents, and Word before Microsoft 365 shows no
// WebP picture (a red cross where the signature should be). The server has no decoder for
// it, the browser has: a WebP chosen as a signature is drawn and sent as a PNG.

/** `file` as a PNG when it is a WebP; any other picture as it is. */
export async function webpAsPng(file: File): Promise<File> {
  if (file.type !== 'image/webp') return file;
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas to draw on');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!png) throw new Error('the picture could not be drawn');
  return new File([png], `${file.name.replace(/\.webp$/i, '')}.png`, { type: 'image/png' });
}
