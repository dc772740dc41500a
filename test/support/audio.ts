// Tests only: real audio bytes for the fake Twilio's recordings, made here rather than stored.

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono: 417 bytes and 1152 samples (about 26 ms) a frame. */
const FRAME_BYTES = 417;
const SAMPLES_PER_FRAME = 1152;
const SAMPLE_RATE = 44_100;
/** Sync, MPEG-1, Layer III, no CRC; 128 kbit/s, 44.1 kHz, no padding; mono, original. */
const HEADER = [0xff, 0xfb, 0x90, 0xc4];
/** Mono side information: all zero, so every granule is silence (no main data). */
const SIDE_INFO_BYTES = 17;

/**
 * A playable MP3 of `seconds` of silence: a run of valid MPEG-1 Layer III frames. Each frame's
 * ancillary bytes (after the side information, which a decoder skips) carry the frame's number,
 * so any slice of the file is unlike any other and a range answered from the wrong offset shows.
 */
export function silentMp3(seconds: number): Buffer {
  const frames = Math.ceil((seconds * SAMPLE_RATE) / SAMPLES_PER_FRAME);
  const out = Buffer.alloc(frames * FRAME_BYTES);
  for (let i = 0; i < frames; i++) {
    const at = i * FRAME_BYTES;
    out.set(HEADER, at);
    const ancillary = at + HEADER.length + SIDE_INFO_BYTES;
    out.writeUInt32BE(i, ancillary);
    for (let j = ancillary + 4; j < at + FRAME_BYTES; j++) out[j] = (i * 31 + j) & 0xff;
  }
  return out;
}

/** The MP3's length in whole seconds, as Twilio reports a recording's duration. */
export function mp3Seconds(mp3: Buffer): number {
  return Math.round(((mp3.length / FRAME_BYTES) * SAMPLES_PER_FRAME) / SAMPLE_RATE);
}

/** A WAV (RIFF, PCM 16-bit mono, 8 kHz) of a quiet 440 Hz tone. */
export function toneWav(seconds: number): Buffer {
  const rate = 8_000;
  const samples = Math.round(seconds * rate);
  const data = samples * 2;
  const out = Buffer.alloc(44 + data);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + data, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(data, 40);
  for (let i = 0; i < samples; i++) {
    out.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 2_000), 44 + i * 2);
  }
  return out;
}
