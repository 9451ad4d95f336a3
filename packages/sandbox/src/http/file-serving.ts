// The carrier setup file at the address a COMPLETED status hands out: the whole file with
// Content-Length, ETag and Accept-Ranges; one byte range with 206 and Content-Range (RFC 9110,
// section 14); If-Range; 416 when no byte of the range lies in the file. A cut_download fault sends
// the headers of the full answer, then part of the bytes, then breaks the connection.
// Not range-parser: it reads positions with parseInt, which takes "5x" for 5 and rounds a position of
// 2^53 or more, where this compares the digits as written; and it hands back the unit as written,
// where RFC 9110 makes the unit case-insensitive (`Bytes=` is a byte range).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SetupFile } from '../config/options.ts';
import { describeValue, sendProblem } from './problems.ts';

type ByteRange = { start: number; end: number } | 'unsatisfiable' | undefined;

/** Whether the digits `a` stand for a smaller number than the digits `b`, however many there are. */
function lessDigits(a: string, b: string): boolean {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  return x.length !== y.length ? x.length < y.length : x < y;
}

/**
 * The range a Range header asks for, within a file of `size` bytes. undefined: serve the whole file
 * (no header, a unit other than bytes, a header that does not parse, a last position before the
 * first, or several ranges, which the sandbox does not combine). The unit is case-insensitive (RFC
 * 9110, section 14.1): `Bytes=0-9` is a byte range. Positions are compared as written,
 * so that one of 2^53 or more, which a double rounds, still counts as at or beyond the end.
 */
function parseRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!match) return undefined;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // A suffix longer than the file (however long) is the whole file; a suffix of 0 bytes is none.
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  if (last !== '' && lessDigits(last, first)) return undefined;
  // Rounding keeps the order of whole numbers, and size is exact: a start of 2^53 or more reads as
  // at least size, and an end as at least size - 1.
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: SetupFile,
  cutAfterBytes: number | undefined,
): FastifyReply | undefined {
  const size = file.bytes.length;
  const ifRange = request.headers['if-range'];
  // If-Range with another entity tag, or with a date (the sandbox sends no Last-Modified): the whole file.
  const honoursRange = ifRange === undefined || ifRange === file.etag;
  const range = honoursRange ? parseRange(request.headers.range, size) : undefined;
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${size}`);
    return sendProblem(
      reply,
      416,
      `The range ${describeValue(request.headers.range)} lies outside the file, which has ${size} bytes.`,
    );
  }
  const body = range ? file.bytes.subarray(range.start, range.end + 1) : file.bytes;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(body.length),
    etag: file.etag,
    'accept-ranges': 'bytes',
    'cache-control': 'private, no-store',
  };
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
  const status = range ? 206 : 200;
  if (cutAfterBytes === undefined || request.method === 'HEAD') {
    return reply.code(status).headers(headers).send(body);
  }
  // The fault: the headers of the full answer, `cutAfterBytes` bytes, then the connection breaks.
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(status, headers);
  raw.flushHeaders();
  const part = body.subarray(0, Math.min(cutAfterBytes, Math.max(0, body.length - 1)));
  const breakOff = () => setImmediate(() => raw.socket?.destroy());
  if (part.length > 0) raw.write(part, breakOff);
  else breakOff();
}
