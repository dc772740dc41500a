import { createServer, type Server, type Socket } from 'node:net';

// PostgreSQL 15 is the oldest server the migrations are written for, and this machine has no
// older one to refuse. This is the smallest server that speaks PostgreSQL's wire protocol well
// enough to say it is version 13: a start must refuse it with one line, before any migration.

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');
const int16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

function answerStartup(socket: Socket, version: string): void {
  socket.write(
    Buffer.concat([
      message('R', int32(0)),
      message('S', Buffer.concat([cstring('server_version'), cstring(version)])),
      message('S', Buffer.concat([cstring('client_encoding'), cstring('UTF8')])),
      message('K', Buffer.concat([int32(1), int32(2)])),
      message('Z', Buffer.from('I')),
    ]),
  );
}

/** Answers every simple query with one text column `server_version_num`, as `SHOW` would. */
function answerQuery(socket: Socket, versionNum: string): void {
  const field = Buffer.concat([
    cstring('server_version_num'),
    int32(0),
    int16(0),
    int32(25),
    int16(-1),
    int32(-1),
    int16(0),
  ]);
  const value = Buffer.from(versionNum);
  socket.write(
    Buffer.concat([
      message('T', Buffer.concat([int16(1), field])),
      message('D', Buffer.concat([int16(1), int32(value.length), value])),
      message('C', cstring('SHOW')),
      message('Z', Buffer.from('I')),
    ]),
  );
}

export async function startOldPostgres(version = '13.16'): Promise<{ url: string; close(): Promise<void> }> {
  const [major = '13', minor = '0'] = version.split('.');
  const versionNum = String(Number(major) * 10_000 + Number(minor));
  const server: Server = createServer((socket) => {
    let buffered = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!started) {
          if (buffered.length < 4) return;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          buffered = buffered.subarray(length);
          started = true;
          answerStartup(socket, version);
          continue;
        }
        if (buffered.length < 5) return;
        const type = String.fromCharCode(buffered[0] ?? 0);
        const length = buffered.readInt32BE(1);
        if (buffered.length < length + 1) return;
        buffered = buffered.subarray(length + 1);
        if (type === 'Q') answerQuery(socket, versionNum);
        if (type === 'X') socket.end();
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return {
    url: `postgres://postgres@127.0.0.1:${address.port}/postgres`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
