import { badRequest, tooLarge } from '../../lib/errors';

export const NOT_JSON = 'The request body is not valid JSON';
const BACKSLASH = 0x5c;

export const isBlank = (byte: number) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * One small JSON value (or member name) read byte by byte from a stream, knowing where it
 * ends without seeing what follows: strings, numbers, literals, nested objects and arrays.
 */
export class SmallJsonValue {
  private readonly bytes: number[] = [];
  private inString = false;
  private escaped = false;
  private depth = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * 'more': keep feeding; 'ended': the value ended with this byte; 'before': it ended just
   * before this byte, which belongs to what follows (`,` `}` after a number).
   */
  feed(byte: number): 'more' | 'ended' | 'before' {
    const char = String.fromCharCode(byte);
    const atTop = !this.inString && this.depth === 0;
    if (atTop && this.bytes.length > 0 && (isBlank(byte) || char === ',' || char === '}')) {
      return 'before';
    }
    if (atTop && isBlank(byte)) return 'more';
    this.bytes.push(byte);
    if (this.bytes.length > this.maxBytes) throw tooLarge('The request is too large');
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (byte === BACKSLASH) this.escaped = true;
      else if (char === '"') this.inString = false;
    } else if (char === '"') this.inString = true;
    else if (char === '{' || char === '[') this.depth += 1;
    else if (char === '}' || char === ']') this.depth -= 1;
    if (this.depth < 0) throw badRequest(NOT_JSON, 'invalid_json');
    const closed = char === '"' || char === '}' || char === ']';
    return !this.inString && this.depth === 0 && closed ? 'ended' : 'more';
  }

  value(): unknown {
    try {
      return JSON.parse(Buffer.from(this.bytes).toString('utf8'));
    } catch {
      throw badRequest(NOT_JSON, 'invalid_json');
    }
  }
}
