import { Transform, type TransformCallback } from 'node:stream';
import { MEDIA_MESSAGES } from '@/contracts/media';
import { badRequest, tooLarge } from '../../lib/errors';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NOT_JSON = 'The request body is not valid JSON';
const DATA_URL_HEAD = /^data:[^,]*;base64$/i;
const NOT_BASE64 = /[^A-Za-z0-9+/=]/;
/** Other fields (dareId) are small; more than this is not a client of ours. */
const FIELD_MAX_BYTES = 4096;

type State =
  | 'start'
  | 'key'
  | 'colon'
  | 'value'
  | 'field'
  | 'head'
  | 'base64'
  | 'escape'
  | 'next'
  | 'end';

/**
 * The JSON body `{ "base64Data": "data:video/...;base64,...", ...fields }` read as it
 * arrives: the data URL's bytes come out decoded, in step with the input, so a 40 MB clip
 * never sits in memory (as the body, as a string, as a buffer). Other fields are small and
 * checked by `checkFields`. Bad JSON, a value that is not a base64 data URL, or a body over
 * `maxBodyBytes` fail the stream at the byte where it shows.
 */
export class Base64JsonBody extends Transform {
  private readonly fields: Record<string, unknown> = {};
  private state: State = 'start';
  private received = 0;
  private text: number[] = [];
  private key = '';
  private carry = '';
  private hasClip = false;
  private field = { inString: false, escaped: false, depth: 0 };

  /** `checkFields` sees the other fields once the body is complete, and may throw. */
  constructor(
    private readonly maxBodyBytes: number,
    private readonly checkFields: (fields: Record<string, unknown>) => void = () => {},
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.received += chunk.length;
    if (this.received > this.maxBodyBytes) return done(tooLarge(MEDIA_MESSAGES.base64TooLarge));
    try {
      let i = 0;
      while (i < chunk.length)
        i = this.state === 'base64' ? this.base64Run(chunk, i) : this.step(chunk, i);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback) {
    if (this.state !== 'end') return done(badRequest(NOT_JSON, 'invalid_json'));
    if (!this.hasClip) return done(badRequest(MEDIA_MESSAGES.noVideo, 'no_file'));
    try {
      this.checkFields(this.fields);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  /** The bulk of the body: a run of base64 up to the closing quote or an escape. */
  private base64Run(chunk: Buffer, from: number): number {
    let to = chunk.indexOf(QUOTE, from);
    const backslash = chunk.indexOf(BACKSLASH, from);
    if (backslash !== -1 && (to === -1 || backslash < to)) to = backslash;
    const end = to === -1 ? chunk.length : to;
    this.decode(chunk.toString('latin1', from, end));
    if (to === -1) return end;
    if (to === backslash) {
      this.state = 'escape';
      return to + 1;
    }
    if (this.carry.length === 1) throw badRequest(MEDIA_MESSAGES.invalidFile, 'invalid_file');
    if (this.carry) this.push(Buffer.from(this.carry, 'base64'));
    this.carry = '';
    this.hasClip = true;
    this.state = 'next';
    return to + 1;
  }

  /** Decodes whole 4-character groups; the rest waits for the next chunk. */
  private decode(run: string) {
    let text = this.carry + run;
    if (NOT_BASE64.test(text)) {
      // Line breaks are allowed in base64; anything else is not a clip.
      text = text.replace(/\s+/g, '');
      if (NOT_BASE64.test(text)) throw badRequest(MEDIA_MESSAGES.invalidFile, 'invalid_file');
    }
    const whole = text.length - (text.length % 4);
    if (whole > 0) this.push(Buffer.from(text.slice(0, whole), 'base64'));
    this.carry = text.slice(whole);
  }

  /** One byte of the JSON around the clip. */
  private step(chunk: Buffer, i: number): number {
    const byte = chunk[i] as number;
    const blank = byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
    const char = String.fromCharCode(byte);
    switch (this.state) {
      case 'start':
        if (char === '{') this.state = 'key';
        else if (!blank) throw badRequest(NOT_JSON, 'invalid_json');
        return i + 1;
      case 'key':
        return this.readKey(byte, blank, char, i);
      case 'colon':
        if (char === ':') this.state = 'value';
        else if (!blank) throw badRequest(NOT_JSON, 'invalid_json');
        return i + 1;
      case 'value':
        if (blank) return i + 1;
        if (this.key === 'base64Data' && char === '"' && !this.hasClip) {
          this.state = 'head';
          return i + 1;
        }
        this.state = 'field';
        this.field = { inString: false, escaped: false, depth: 0 };
        this.text = [];
        return i; // the field reads this byte
      case 'field':
        return this.readField(byte, blank, char, i);
      case 'head':
        return this.readHead(byte, char, i);
      case 'escape':
        // `\/` is how some encoders write '/'; `\n` `\r` are line breaks of wrapped base64.
        if (char === '/') this.decode('/');
        else if (char !== 'n' && char !== 'r') {
          throw badRequest(MEDIA_MESSAGES.invalidFile, 'invalid_file');
        }
        this.state = 'base64';
        return i + 1;
      case 'next':
        if (char === ',') this.state = 'key';
        else if (char === '}') this.state = 'end';
        else if (!blank) throw badRequest(NOT_JSON, 'invalid_json');
        return i + 1;
      default:
        if (!blank) throw badRequest(NOT_JSON, 'invalid_json');
        return i + 1;
    }
  }

  /** A member name, between its quotes (`}` right after `{` is an empty body). */
  private readKey(byte: number, blank: boolean, char: string, i: number): number {
    const f = this.field;
    if (!f.inString) {
      if (blank) return i + 1;
      if (char === '}' && Object.keys(this.fields).length === 0 && !this.hasClip) {
        this.state = 'end';
        return i + 1;
      }
      if (char !== '"') throw badRequest(NOT_JSON, 'invalid_json');
      this.field = { inString: true, escaped: false, depth: 0 };
      this.text = [byte];
      return i + 1;
    }
    this.text.push(byte);
    if (this.text.length > 256) throw badRequest(NOT_JSON, 'invalid_json');
    if (f.escaped) f.escaped = false;
    else if (byte === BACKSLASH) f.escaped = true;
    else if (char === '"') {
      this.key = this.parse(Buffer.from(this.text).toString('utf8')) as string;
      this.text = [];
      this.field.inString = false;
      this.state = 'colon';
    }
    return i + 1;
  }

  /** Any other value, kept whole (it is small) and parsed as JSON when it ends. */
  private readField(byte: number, blank: boolean, char: string, i: number): number {
    const f = this.field;
    const atTop = !f.inString && f.depth === 0;
    if (atTop && this.text.length > 0 && (blank || char === ',' || char === '}')) {
      this.endField();
      return i; // `,` or `}` is read in the next state
    }
    if (atTop && blank) return i + 1;
    this.text.push(byte);
    if (this.text.length > FIELD_MAX_BYTES) throw tooLarge('The request is too large');
    if (f.inString) {
      if (f.escaped) f.escaped = false;
      else if (byte === BACKSLASH) f.escaped = true;
      else if (char === '"') f.inString = false;
    } else if (char === '"') f.inString = true;
    else if (char === '{' || char === '[') f.depth += 1;
    else if (char === '}' || char === ']') f.depth -= 1;
    if (f.depth < 0) throw badRequest(NOT_JSON, 'invalid_json');
    if (!f.inString && f.depth === 0 && (char === '"' || char === '}' || char === ']')) {
      this.endField();
    }
    return i + 1;
  }

  private endField() {
    const value = this.parse(Buffer.from(this.text).toString('utf8'));
    // A base64Data that is not a string (or a second one) cannot be a clip.
    if (this.key === 'base64Data') throw badRequest(MEDIA_MESSAGES.invalidFile, 'invalid_file');
    this.fields[this.key] = value;
    this.text = [];
    this.key = '';
    this.state = 'next';
  }

  /** `data:<type>;base64,` before the clip; an empty string asks for a video. */
  private readHead(byte: number, char: string, i: number): number {
    if (char === '"') {
      if (this.text.length === 0) throw badRequest(MEDIA_MESSAGES.noVideo, 'no_file');
      throw badRequest(MEDIA_MESSAGES.invalidFile, 'invalid_file');
    }
    if (char !== ',') {
      if (char !== '\\') this.text.push(byte);
      if (this.text.length > 200) throw badRequest(MEDIA_MESSAGES.invalidFile, 'invalid_file');
      return i + 1;
    }
    if (!DATA_URL_HEAD.test(Buffer.from(this.text).toString('latin1'))) {
      throw badRequest(MEDIA_MESSAGES.invalidFile, 'invalid_file');
    }
    this.text = [];
    this.key = '';
    this.state = 'base64';
    return i + 1;
  }

  private parse(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      throw badRequest(NOT_JSON, 'invalid_json');
    }
  }
}
