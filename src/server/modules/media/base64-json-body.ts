import { Transform, type TransformCallback } from 'node:stream';
import { MEDIA_MESSAGES } from '@/contracts/media';
import { badRequest, tooLarge } from '../../lib/errors';
import { isBlank, NOT_JSON, SmallJsonValue } from './small-json-value';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const DATA_URL_HEAD = /^data:\S*;base64$/i;
const NOT_BASE64 = /[^A-Za-z0-9+/=]/;
/** Member names and other fields (dareId) are small; more is not a client of ours. */
const KEY_MAX_BYTES = 256;
const FIELD_MAX_BYTES = 4096;

/** Where in `{ "name": value, ... }` the next byte falls. */
// biome-ignore format: one line
type State = 'start' | 'key' | 'name' | 'colon' | 'value' | 'field' | 'head' | 'base64' | 'escape' | 'next' | 'end';

const notJson = () => badRequest(NOT_JSON, 'invalid_json');
const invalidFile = () => badRequest(MEDIA_MESSAGES.invalidFile, 'invalid_file');

/**
 * The JSON body `{ "base64Data": "data:video/...;base64,...", ...fields }` read as it
 * arrives: the data URL's bytes come out decoded, in step with the input, so a 40 MB clip
 * never sits in memory (as the body, as a string, as a buffer). Other fields are small and
 * checked by `checkFields` at the end. Bad JSON, a value that is not a base64 data URL, or
 * a body over `maxBodyBytes` fail the stream at the byte where it shows.
 */
export class Base64JsonBody extends Transform {
  private readonly fields: Record<string, unknown> = {};
  private state: State = 'start';
  private received = 0;
  private reading: SmallJsonValue | null = null;
  private key = '';
  private head: number[] = [];
  private carry = '';
  private hasClip = false;

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
      while (i < chunk.length) {
        i = this.state === 'base64' ? this.base64Run(chunk, i) : this.step(chunk[i] as number, i);
      }
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback) {
    try {
      if (this.state !== 'end') throw notJson();
      if (!this.hasClip) throw badRequest(MEDIA_MESSAGES.noVideo, 'no_file');
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
    this.decode(chunk.toString('latin1', from, to === -1 ? chunk.length : to));
    if (to === -1) return chunk.length;
    if (to === backslash) {
      this.state = 'escape';
      return to + 1;
    }
    // 1 character left over cannot be base64 (2 or 3 are a clip without its padding).
    if (this.carry.length === 1) throw invalidFile();
    if (this.carry) this.push(Buffer.from(this.carry, 'base64'));
    this.carry = '';
    this.key = '';
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
      if (NOT_BASE64.test(text)) throw invalidFile();
    }
    const whole = text.length - (text.length % 4);
    if (whole > 0) this.push(Buffer.from(text.slice(0, whole), 'base64'));
    this.carry = text.slice(whole);
  }

  /** One byte of the JSON around the clip; returns where to go on. */
  private step(byte: number, i: number): number {
    const char = String.fromCharCode(byte);
    const blank = isBlank(byte);
    switch (this.state) {
      case 'start':
        if (char === '{') this.state = 'key';
        else if (!blank) throw notJson();
        return i + 1;
      case 'key':
        if (blank) return i + 1;
        // `}` right after `{`: an empty body, which asks for a video.
        if (char === '}' && !this.hasClip && Object.keys(this.fields).length === 0) {
          this.state = 'end';
          return i + 1;
        }
        if (char !== '"') throw notJson();
        this.reading = new SmallJsonValue(KEY_MAX_BYTES);
        this.state = 'name';
        return i;
      case 'colon':
        if (char === ':') this.state = 'value';
        else if (!blank) throw notJson();
        return i + 1;
      case 'value':
        if (blank) return i + 1;
        if (this.key === 'base64Data' && char === '"' && !this.hasClip) {
          this.state = 'head';
          return i + 1;
        }
        this.reading = new SmallJsonValue(FIELD_MAX_BYTES);
        this.state = 'field';
        return i;
      case 'name':
      case 'field':
        return this.readSmall(byte, i);
      case 'head':
        return this.readHead(byte, char, i);
      case 'escape':
        // `\/` is how some encoders write '/'; `\n` `\r` are line breaks of wrapped base64.
        if (char === '/') this.decode('/');
        else if (char !== 'n' && char !== 'r') throw invalidFile();
        this.state = 'base64';
        return i + 1;
      case 'next':
        if (char === ',') this.state = 'key';
        else if (char === '}') this.state = 'end';
        else if (!blank) throw notJson();
        return i + 1;
      default:
        if (!blank) throw notJson();
        return i + 1;
    }
  }

  /** A member name (when no key is pending) or the value of a field other than the clip. */
  private readSmall(byte: number, i: number): number {
    const reading = this.reading as SmallJsonValue;
    const ended = reading.feed(byte);
    if (ended === 'more') return i + 1;
    const value = reading.value();
    if (this.state === 'name') {
      if (typeof value !== 'string') throw notJson();
      this.key = value;
      this.state = 'colon';
    } else {
      // A base64Data that is not a string (or a second one) cannot be a clip.
      if (this.key === 'base64Data') throw invalidFile();
      this.fields[this.key] = value;
      this.key = '';
      this.state = 'next';
    }
    this.reading = null;
    return ended === 'ended' ? i + 1 : i;
  }

  /** `data:<type>;base64,` before the clip; an empty string asks for a video. */
  private readHead(byte: number, char: string, i: number): number {
    if (char === '"') {
      if (this.head.length === 0) throw badRequest(MEDIA_MESSAGES.noVideo, 'no_file');
      throw invalidFile();
    }
    // The type may hold commas of its own (`;codecs=vp8,opus`): the clip starts after `;base64,`.
    if (char === ',' && DATA_URL_HEAD.test(Buffer.from(this.head).toString('latin1'))) {
      this.state = 'base64';
      return i + 1;
    }
    // `\/` in the type: keep the '/'.
    if (char !== '\\') this.head.push(byte);
    if (this.head.length > 200) throw invalidFile();
    return i + 1;
  }
}
