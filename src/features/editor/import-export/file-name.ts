/** Names Windows refuses for a file, whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A download name from a project title: characters no file system takes (and control characters)
 * become `_`, spaces collapse, leading/trailing dots and spaces go, at most 120 characters.
 */
export function downloadName(title: string, extension: string): string {
  let base = title
    .replace(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 120)
    .trim();
  if (!base || /^_+$/.test(base)) base = 'timings';
  if (RESERVED.test(base)) base = `_${base}`;
  return `${base}.${extension.replace(/^\./, '')}`;
}

/** Saves text as a file through the browser's download (a Blob URL freed after it was taken). */
export function downloadText(text: string, name: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mimeType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by then; a minute covers slow file dialogs.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
