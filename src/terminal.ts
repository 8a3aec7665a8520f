const CODES = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1, cyan: 36 } as const;

/** Colour only when stderr is a terminal and NO_COLOR is unset. */
export function style(colour: keyof typeof CODES, text: string): string {
  if (!process.stderr.isTTY || process.env.NO_COLOR) return text;
  return `\u001b[${CODES[colour]}m${text}\u001b[0m`;
}

/**
 * The characters a terminal acts on rather than shows: C0 controls, DEL, C1
 * controls (U+009B is a one-character escape sequence) and the
 * bidirectional overrides that make a line read other than it is.
 */
const UNPRINTABLE = /[\0-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from outside (a visitor's form field, a stored line) made safe to
 * print to an operator's terminal: each character a terminal would act on
 * is written as its escape (`\x1b`, `\u202e`), so a stored ESC sequence
 * cannot recolour, retitle or rewrite the screen. `keep` lists the
 * characters that are data where this goes (a CSV field's line breaks).
 */
export function printable(text: string, keep = ''): string {
  return text.replace(UNPRINTABLE, (char) => {
    if (keep.includes(char)) return char;
    const code = char.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** JSON whose every character a terminal acts on is a \u escape: JSON.stringify leaves DEL, C1 and the bidi overrides raw. */
export function printableJson(value: unknown, space?: number): string {
  // C0 controls in strings are escaped by JSON.stringify already; those left are its own line breaks.
  return JSON.stringify(value, null, space).replace(/[\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
