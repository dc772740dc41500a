import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';

/**
 * The bytes `start` to `start + length - 1` of Twilio's whole answer, for when it ignored the
 * Range it was sent: the rest is skipped as it streams past, never held, and the download is
 * stopped once the range has been sent.
 */
export function sliceOf(upstream: IncomingMessage, start: number, length: number): Transform {
  let skip = start;
  let left = length;
  const slicer = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let part = chunk;
      if (skip > 0) {
        if (part.length <= skip) {
          skip -= part.length;
          return done();
        }
        part = part.subarray(skip);
        skip = 0;
      }
      if (left > 0) {
        const sent = part.subarray(0, left);
        left -= sent.length;
        this.push(sent);
        if (left === 0) {
          this.push(null);
          upstream.destroy();
        }
      }
      done();
    },
  });
  upstream.on('error', (error) => {
    if (left > 0) slicer.destroy(error);
  });
  upstream.pipe(slicer);
  return slicer;
}

/** Twilio's body as it comes, cut off (not ended cleanly) if Twilio fails mid-way. */
export function passThrough(upstream: IncomingMessage): Transform {
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk);
    },
  });
  upstream.on('error', (error) => out.destroy(error));
  upstream.pipe(out);
  return out;
}
