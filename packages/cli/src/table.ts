// A plain text table: columns padded to the widest cell, a rule under the heading.

/** Display width: combining marks take no column, East Asian wide characters two. */
export function width(text: string): number {
  let columns = 0;
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (/\p{Mn}/u.test(char)) continue;
    columns +=
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0x1f300 && code <= 0x1faff) ||
      (code >= 0x20000 && code <= 0x3fffd)
        ? 2
        : 1;
  }
  return columns;
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
