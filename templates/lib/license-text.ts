/**
 * The license as the login API answers it: a record of texts and numbers.
 * Its fields are the site's (templates/lib/license.ts); the view fills in
 * whichever its copy names.
 */
export type License = Record<string, string | number>;

/** A piece of a filled-in template: plain text, or the value of a license field. */
export interface TextPart {
  text: string;
  field?: string;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The `{field}` names a template uses. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]);
}

/** Splits "Issued to {client}" into text and field parts, the values formatted for reading. */
export function fillParts(template: string, license: License): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push({ text: template.slice(last, match.index) });
    parts.push({ text: formatValue(license[match[1]]), field: match[1] });
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push({ text: template.slice(last) });
  return parts;
}

export function fillText(template: string, license: License): string {
  return fillParts(template, license).map((part) => part.text).join('');
}

/** 2000 → "2,000"; "2025-03-27" → "27-03-2025", the day-first dates of the license. */
function formatValue(value: string | number | undefined): string {
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (value === undefined) return '';
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return date ? `${date[3]}-${date[2]}-${date[1]}` : value;
}

/** Whether an API answer's `license` is a plain record of texts and numbers. */
export function isLicense(value: unknown): value is License {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    && Object.values(value).every((item) => typeof item === 'string' || typeof item === 'number');
}
