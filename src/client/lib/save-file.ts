/** Hands the file at `href` (an object or data URL) to the browser's downloads under `fileName`. */
export function saveUrl(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Hands a file to the browser's downloads. The object URL outlives the click: a browser may start reading it only
 * after the click's task has ended.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
