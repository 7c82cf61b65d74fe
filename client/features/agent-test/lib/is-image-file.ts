/** The image test takes image files only; the server checks the bytes again. */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}
