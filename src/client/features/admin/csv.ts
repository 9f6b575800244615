import { once } from '@shared/once';

// CSV export of the admin lists, built in the browser with the cells of src/shared/csv.ts. Pure apart
// from downloadCsv.

export { type CsvColumn, csvCell, toCsv } from '@shared/csv';

const londonDate = once(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }));

/** 'chairnotes-users-2026-11-22.csv': the product, the list and the day in London. */
export function csvFileName(product: string, list: string, now = new Date()): string {
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return `${slug(product)}-${slug(list)}-${londonDate().format(now)}.csv`;
}

/** Saves the text as a file. The byte order mark makes Excel read the file as UTF-8 (names with accents). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Freed later, not at once: some browsers read the blob after the click has returned (FileSaver.js
  // waits 40 s for the same reason).
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}
