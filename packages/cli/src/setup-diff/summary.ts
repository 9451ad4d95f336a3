// The readable summary of `setup diff`: the changes under their carrier, product and route, one line
// each, folded to fit 80 columns (names beyond Latin-1 measured as a terminal shows them), coloured
// only where the output allows (io.ts).
import type { CarrierSetupFile } from 'shipping-api-v3-client';
import type { Style } from '../io.ts';
import { width } from '../table.ts';
import type { Carrier, ChangePath, Product, SetupChange } from './changes.ts';
import { canonical } from './fields.ts';

/** The widest line of the summary. */
export const COLUMNS = 80;

type Sign = '+' | '-' | '~';
const SIGN_STYLE: Record<Sign, Style> = { '+': 'green', '-': 'red', '~': 'yellow' };

/** One line before folding: its depth (two spaces each), its sign, its text; a heading has no sign. */
interface Item {
  depth: number;
  sign?: Sign;
  text: string;
}

/** Words of `text` in lines of at most `columns`; a word wider than that is broken where it reaches it. */
export function wrap(text: string, columns: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (let word of text.split(' ')) {
    if (current !== '' && width(current) + 1 + width(word) <= columns) {
      current += ` ${word}`;
      continue;
    }
    if (current !== '') lines.push(current);
    while (width(word) > columns) {
      let piece = '';
      for (const char of word) {
        if (width(piece + char) > columns) break;
        piece += char;
      }
      lines.push(piece);
      word = word.slice(piece.length);
    }
    current = word;
  }
  lines.push(current);
  return lines;
}

const show = (value: unknown) => (value === undefined ? '(absent)' : canonical(value));
const listed = (values: unknown[]) => values.map((v) => (typeof v === 'string' ? v : canonical(v))).join(', ');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a field change says: `field: old → new`, or for a list what it gained and lost. */
function fieldText(change: SetupChange): string {
  if (change.added === undefined || change.removed === undefined)
    return `${change.field}: ${show(change.old)} → ${show(change.new)}`;
  const parts = [
    change.added.length > 0 && `added ${listed(change.added)}`,
    change.removed.length > 0 && `removed ${listed(change.removed)}`,
  ].filter(Boolean);
  return `${change.field}: ${parts.join('; ')}`;
}

function entryText(change: SetupChange): string {
  const value = (change.new ?? change.old) as Record<string, unknown>;
  if (change.kind.startsWith('carrier-')) {
    const carrier = value as Carrier;
    const combinations = carrier.products.reduce((n, p) => n + p.country_combinations.length, 0);
    const holds = `${plural(carrier.products.length, 'product')}, ${plural(combinations, 'country combination')}`;
    return `carrier ${carrier.code} (${carrier.name}): ${holds}`;
  }
  if (change.kind.startsWith('product-')) {
    const product = value as Product;
    const point = product.service_point_product ? ', delivers to a service point' : '';
    return `product ${product.code} (${product.name}): ${plural(product.country_combinations.length, 'country combination')}${point}`;
  }
  if (change.kind.startsWith('route-')) return `route ${change.path.sender} → ${change.path.receiver}`;
  const list = change.kind.startsWith('required-') ? 'required' : 'available';
  // A required service added says what its note asks.
  const note = change.kind === 'required-service-added' ? `: ${JSON.stringify(value.note)}` : '';
  return `${list} service ${change.path.service} (${value.name})${note}`;
}

/** The line of one change, at the depth of the heading it sits under. */
function changeItem(change: SetupChange): Item {
  const depth = { carrier: 1, product: 2, route: 3, service: 3 };
  const { path, kind } = change;
  const at = path.service ? depth.service : path.sender ? depth.route : path.product ? depth.product : depth.carrier;
  if (kind.endsWith('-added') || kind.endsWith('-removed')) {
    // An entry added or removed stands under its parent's heading: a carrier under none, a service under its route's.
    const level = ['carrier-', 'product-', 'route-'].findIndex((entry) => kind.startsWith(entry));
    const parent = level === -1 ? 3 : level;
    return { depth: parent, sign: kind.endsWith('-added') ? '+' : '-', text: entryText(change) };
  }
  if (kind === 'product-moved-to-service-point' || kind === 'product-moved-from-service-point') {
    const moved = kind === 'product-moved-to-service-point' ? 'to' : 'away from';
    const text = `moved ${moved} a service point: service_point_product ${show(change.old)} → ${show(change.new)}`;
    return { depth: at, sign: '~', text };
  }
  const service = path.service
    ? `${kind.startsWith('required-') ? 'required' : 'available'} service ${path.service}, `
    : '';
  return { depth: at, text: `${service}${fieldText(change)}`, sign: '~' };
}

/** The names of carriers and products for headings: NEW's, or OLD's for what NEW no longer has. */
function namer(before: CarrierSetupFile, after: CarrierSetupFile) {
  const byCode = (file: CarrierSetupFile) => new Map(file.map((carrier) => [carrier.code, carrier]));
  const [old, next] = [byCode(before), byCode(after)];
  return {
    carrier: (code: string) => (next.get(code) ?? old.get(code))?.name ?? '',
    product(carrier: string, code: string) {
      const find = (carriers: Map<string, Carrier>) => carriers.get(carrier)?.products.find((p) => p.code === code);
      return (find(next) ?? find(old))?.name ?? '';
    },
  };
}

/** The headings a change sits under that the lines before it have not given yet. */
function headings(path: ChangePath, depth: number, last: string[], names: ReturnType<typeof namer>): Item[] {
  const titles = [
    `Carrier ${path.carrier} (${names.carrier(path.carrier)})`,
    path.product !== undefined && `Product ${path.product} (${names.product(path.carrier, path.product)})`,
    path.sender !== undefined && `${path.sender} → ${path.receiver}`,
  ].slice(0, depth);
  const items: Item[] = [];
  titles.forEach((title, i) => {
    if (title === false || last[i] === title) return;
    last.splice(i);
    last[i] = title;
    items.push({ depth: i, text: title });
  });
  return items;
}

function render(item: Item, paint: (style: Style, text: string) => string): string[] {
  const indent = '  '.repeat(item.depth);
  // The lines after the first start under the text of a change, and two columns in under a heading.
  const hang = ' '.repeat(2);
  const lines = wrap(item.text, COLUMNS - indent.length - hang.length);
  const first = item.sign ? `${paint(SIGN_STYLE[item.sign], item.sign)} ${lines[0]}` : paint('bold', lines[0]!);
  return [`${indent}${first}`, ...lines.slice(1).map((l) => `${indent}${hang}${l}`)];
}

/** The summary's lines: a heading for the two files, then each change under its carrier, product and route. */
export function summaryLines(
  labels: { old: string; new: string },
  files: { old: CarrierSetupFile; new: CarrierSetupFile },
  changes: readonly SetupChange[],
  paint: (style: Style, text: string) => string,
): string[] {
  if (changes.length === 0)
    return wrap(`${labels.old} and ${labels.new} hold the same carrier setup: no change.`, COLUMNS);
  const names = namer(files.old, files.new);
  const out = wrap(`${labels.old} → ${labels.new}: ${plural(changes.length, 'change')}`, COLUMNS);
  const last: string[] = [];
  // A blank line before each carrier: its heading, or the line of a carrier added or removed.
  let blank = true;
  for (const change of changes) {
    const item = changeItem(change);
    if (item.depth === 0) last.length = 0;
    for (const heading of headings(change.path, item.depth, last, names)) {
      if (heading.depth === 0) out.push('');
      out.push(...render(heading, paint));
    }
    if (item.depth === 0 && blank) out.push('');
    blank = item.depth !== 0;
    out.push(...render(item, paint));
  }
  return out;
}
