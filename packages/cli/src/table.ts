// A plain text table: columns padded to the widest cell, a rule under the heading. The width of a cell
// is string-width's: combining marks take no column, East Asian wide characters and emoji two, escape
// sequences none.
import stringWidth from 'string-width';

/** Display width in terminal columns. */
export function width(text: string): number {
  return stringWidth(text);
}

export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell + ' '.repeat(widths[i]! - width(cell))))
      .join('  ')
      .trimEnd();
  return [format(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(format)].join('\n');
}
