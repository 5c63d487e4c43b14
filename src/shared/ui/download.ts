/** Offers a file the app holds (a Blob) to the user as a download. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** Offers text to the user as a file download. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(filename, new Blob([text], { type }));
}
