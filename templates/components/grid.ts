/**
 * How a grid of `count` cards breaks into rows, at the most `most` columns:
 * the column count whose last row is fullest (a count that divides evenly
 * first), so five cards sit 3 + 2 and four sit 2 + 2 rather than 3 + 1.
 * When every choice leaves one card alone on the last row, that card spans
 * the row (`lone`). The CSS centres a short last row.
 */
export function balancedColumns(count: number, most: number): { columns: number; lone: boolean } {
  if (count <= most) return { columns: Math.max(count, 1), lone: false };
  let best = { columns: most, fill: -1 };
  for (let columns = most; columns >= 2; columns -= 1) {
    const rest = count % columns;
    const fill = rest === 0 ? 1 : rest / columns;
    if (fill > best.fill) best = { columns, fill };
  }
  return { columns: best.columns, lone: count % best.columns === 1 };
}

/**
 * The data attributes of a balanced grid (class `grid`): columns on wide
 * screens (1024 px and up) and on medium ones (640 px and up); phones show
 * one column. Attributes, not inline styles: the site's CSP forbids those.
 */
export function gridAttributes(count: number, most: { wide: number; medium: number }): Record<string, string | number | undefined> {
  const wide = balancedColumns(count, most.wide);
  const medium = balancedColumns(count, most.medium);
  return {
    'data-cols': wide.columns,
    'data-cols-md': medium.columns,
    'data-lone': wide.lone ? '' : undefined,
    'data-lone-md': medium.lone ? '' : undefined,
  };
}
