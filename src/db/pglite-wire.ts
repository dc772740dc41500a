// PostgreSQL's wire protocol, the few messages the embedded database's thread exchanges with
// PGlite (pglite-connection.ts). PGlite's own query() spends most of its time in JavaScript: six
// calls into the engine per statement, and a protocol parser that copies every column value into
// an ArrayBuffer of its own. Here a statement takes two calls (parse and describe, to learn its
// parameters' types; then bind, execute and sync), and values are read straight out of the
// reply (docs/benchmarks.md, "Embedded database").

const encoder = new TextEncoder();

/** A protocol message under construction: type byte, length, body. */
class Writer {
  #buf = new Uint8Array(256);
  #view = new DataView(this.#buf.buffer);
  #at = 0;
  #start = 0;

  #room(bytes: number): void {
    if (this.#at + bytes <= this.#buf.length) return;
    const bigger = new Uint8Array(Math.max(this.#buf.length * 2, this.#at + bytes));
    bigger.set(this.#buf.subarray(0, this.#at));
    this.#buf = bigger;
    this.#view = new DataView(bigger.buffer);
  }

  begin(type: string): this {
    this.#room(5);
    this.#start = this.#at;
    this.#buf[this.#at] = type.charCodeAt(0);
    this.#at += 5;
    return this;
  }

  end(): this {
    this.#view.setInt32(this.#start + 1, this.#at - this.#start - 1);
    return this;
  }

  int16(value: number): this {
    this.#room(2);
    this.#view.setInt16(this.#at, value);
    this.#at += 2;
    return this;
  }

  int32(value: number): this {
    this.#room(4);
    this.#view.setInt32(this.#at, value);
    this.#at += 4;
    return this;
  }

  /** UTF-8 bytes; with `terminate`, a C string. */
  text(value: string, terminate = true): this {
    this.#room(value.length * 3 + 1);
    this.#at += encoder.encodeInto(value, this.#buf.subarray(this.#at)).written;
    if (terminate) this.#buf[this.#at++] = 0;
    return this;
  }

  /** A length-prefixed value of Bind; null is length -1. */
  value(value: string | null): this {
    if (value === null) return this.int32(-1);
    this.#room(4 + value.length * 3);
    const at = this.#at;
    this.#at += 4;
    this.text(value, false);
    this.#view.setInt32(at, this.#at - at - 4);
    return this;
  }

  bytes(): Uint8Array {
    return this.#buf.subarray(0, this.#at);
  }
}

/** Parse the unnamed statement and describe it: the reply names its parameters' types. */
export function describeMessage(sql: string): Uint8Array {
  return new Writer()
    .begin('P')
    .text('')
    .text(sql)
    .int16(0)
    .end()
    .begin('D')
    .text('S', false)
    .text('')
    .end()
    .bytes();
}

/**
 * Bind the statement parsed by describeMessage to `values` (text format, null for NULL), run it
 * and end with Sync: the reply holds the rows, then CommandComplete or ErrorResponse, then
 * ReadyForQuery.
 */
export function executeMessage(values: readonly (string | null)[]): Uint8Array {
  const w = new Writer().begin('B').text('').text('').int16(0).int16(values.length);
  for (const value of values) w.value(value);
  return w
    .int16(0)
    .end()
    .begin('D')
    .text('P', false)
    .text('')
    .end()
    .begin('E')
    .text('')
    .int32(0)
    .end()
    .begin('S')
    .end()
    .bytes();
}

/** A statement with no parameters, by the simple protocol (BEGIN, COMMIT, LISTEN). */
export function simpleMessage(sql: string): Uint8Array {
  return new Writer().begin('Q').text(sql).end().bytes();
}

/** Abandons whatever the unnamed statement left (after a failed describe). */
export function syncMessage(): Uint8Array {
  return new Writer().begin('S').end().bytes();
}

export interface Field {
  name: string;
  type: number;
}

/** An ErrorResponse's fields, by their one-letter codes (C is the SQLSTATE, M the message). */
export type ErrorFields = Record<string, string>;

export interface Reply {
  /** The parameters' type oids, from ParameterDescription. */
  paramTypes: number[];
  fields: Field[];
  /** Each row's values as PostgreSQL's text, null for NULL. */
  rows: (string | null)[][];
  /** The last CommandComplete's tag: SELECT 3, COMMIT, ROLLBACK. */
  command: string | null;
  error: ErrorFields | null;
  notifications: { channel: string; payload: string }[];
}

/** Collects PGlite's output, which arrives in chunks over views of its memory. */
export class ReplyBuffer {
  #chunks: Uint8Array[] = [];
  #length = 0;

  /** Copies `bytes`: PGlite reuses the memory they view. */
  readonly push = (bytes: Uint8Array): void => {
    this.#chunks.push(bytes.slice());
    this.#length += bytes.length;
  };

  take(): Buffer {
    const [first] = this.#chunks;
    const whole = this.#chunks.length === 1 && first ? first : Buffer.concat(this.#chunks, this.#length);
    this.#chunks = [];
    this.#length = 0;
    return Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength);
  }
}

function cstring(buf: Buffer, at: number): [string, number] {
  const end = buf.indexOf(0, at);
  return [buf.toString('utf8', at, end), end + 1];
}

function errorFields(buf: Buffer, at: number): ErrorFields {
  const fields: ErrorFields = {};
  let value: string;
  for (let code = buf[at]; code !== undefined && code !== 0; code = buf[at]) {
    [value, at] = cstring(buf, at + 1);
    fields[String.fromCharCode(code)] = value;
  }
  return fields;
}

/** Reads a whole reply; only the first error counts, as PostgreSQL skips to Sync after one. */
export function readReply(buf: Buffer): Reply {
  const reply: Reply = {
    paramTypes: [],
    fields: [],
    rows: [],
    command: null,
    error: null,
    notifications: [],
  };
  let at = 0;
  while (at + 5 <= buf.length) {
    const type = buf[at];
    const end = at + 1 + buf.readInt32BE(at + 1);
    let p = at + 5;
    switch (type) {
      case 0x44: {
        // D: DataRow
        const count = buf.readInt16BE(p);
        p += 2;
        const row: (string | null)[] = new Array(count);
        for (let i = 0; i < count; i++) {
          const length = buf.readInt32BE(p);
          p += 4;
          if (length < 0) row[i] = null;
          else {
            row[i] = buf.toString('utf8', p, p + length);
            p += length;
          }
        }
        reply.rows.push(row);
        break;
      }
      case 0x54: {
        // T: RowDescription
        const count = buf.readInt16BE(p);
        p += 2;
        const fields: Field[] = [];
        for (let i = 0; i < count; i++) {
          const [name, next] = cstring(buf, p);
          fields.push({ name, type: buf.readInt32BE(next + 6) });
          p = next + 18;
        }
        reply.fields = fields;
        break;
      }
      case 0x74: {
        // t: ParameterDescription
        const count = buf.readInt16BE(p);
        for (let i = 0; i < count; i++) reply.paramTypes.push(buf.readInt32BE(p + 2 + 4 * i));
        break;
      }
      case 0x43:
        // C: CommandComplete
        reply.command = cstring(buf, p)[0];
        break;
      case 0x45:
        // E: ErrorResponse
        reply.error ??= errorFields(buf, p);
        break;
      case 0x41: {
        // A: NotificationResponse
        const [channel, next] = cstring(buf, p + 4);
        reply.notifications.push({ channel, payload: cstring(buf, next)[0] });
        break;
      }
    }
    at = end;
  }
  return reply;
}
