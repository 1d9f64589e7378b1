/** Hands the browser a file to save, as a download from the server would; for what the console builds itself. */
export function saveFile(content: string, type: string, file: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  link.click();
  URL.revokeObjectURL(url);
}
