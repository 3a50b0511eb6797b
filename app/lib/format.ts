// Dates are formatted the same way on the server and in the browser (UTC, no locale data), so hydration never
// sees a different text.
const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function formatDateTime(iso: string | Date | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${formatDate(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}
