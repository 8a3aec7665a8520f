const CODES = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1, cyan: 36 } as const;

/** Colour only when stderr is a terminal and NO_COLOR is unset. */
export function style(colour: keyof typeof CODES, text: string): string {
  if (!process.stderr.isTTY || process.env.NO_COLOR) return text;
  return `\u001b[${CODES[colour]}m${text}\u001b[0m`;
}
