// The value parsers of every command line and settings table: whole numbers, ports, durations,
// seconds and booleans, each from its text, undefined when the text is not one.

/** The text of a whole number from `min` to `max`, or undefined. */
export function parseWholeNumber(text: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

/** The text of a TCP port, 0 to 65535 (0: a free one where the caller allows it), or undefined. */
export const parsePort = (text: string, min = 0): number | undefined => parseWholeNumber(text, min, 65_535);

/** The text of a duration in whole milliseconds of at least `min`, or undefined. */
export const parseDuration = (text: string, min = 0): number | undefined => parseWholeNumber(text, min);

/** The text of a positive number of seconds, decimals allowed (`0.5`), as milliseconds; or undefined. */
export function parseSeconds(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return undefined;
  const seconds = Number(trimmed);
  return seconds > 0 && Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

/** `true`, `false`, `1` or `0` (any case, spaces around), or undefined for any other text. */
export function parseBoolean(text: string): boolean | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return undefined;
}
