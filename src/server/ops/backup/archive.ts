import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

// The backup file (ADR 036): a plain POSIX tar (ustar), readable with `tar tf`, holding the
// database dump, the uploaded photos under uploads/, then manifest.json (every entry's size and
// SHA-256, the engine, the migration level) and last manifest.json.sha256. Reading checks each
// tar header's own checksum, each entry against the manifest, and the manifest against its hash,
// so a truncated or altered file is refused before anything is restored.

export const MANIFEST = 'manifest.json';
export const MANIFEST_SUM = 'manifest.json.sha256';
export const FORMAT = 'yardshare-backup';
const BLOCK = 512;

export type Manifest = {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  // Where the photos were kept: disk photos are in uploads/, database ones inside the dump.
  uploadsStore: 'disk' | 'database' | 's3';
  // drizzle's created_at of the newest migration applied when the dump was taken.
  migration: number;
  database: string;
  files: { name: string; size: number; sha256: string }[];
};

export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

function writeOctal(buf: Buffer, offset: number, length: number, value: number) {
  if (value < 8 ** (length - 1)) {
    buf.write(value.toString(8).padStart(length - 1, '0'), offset, length - 1, 'ascii');
    return;
  }
  // GNU base-256 for sizes past ustar's 8 GiB.
  buf[offset] = 0x80;
  let v = BigInt(value);
  for (let i = offset + length - 1; i > offset; i--) {
    buf[i] = Number(v & 0xffn);
    v >>= 8n;
  }
}

function readNumber(buf: Buffer, offset: number, length: number): number {
  if (buf[offset]! & 0x80) {
    let v = 0n;
    for (let i = offset + 1; i < offset + length; i++) v = (v << 8n) | BigInt(buf[i]!);
    return Number(v);
  }
  const text = buf
    .toString('ascii', offset, offset + length)
    .replace(/\0.*$/s, '')
    .trim();
  return text ? Number.parseInt(text, 8) : 0;
}

function header(name: string, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  const slash = name.lastIndexOf('/');
  const [prefix, base] =
    name.length > 100 && slash > 0 ? [name.slice(0, slash), name.slice(slash + 1)] : ['', name];
  if (Buffer.byteLength(base) > 100 || Buffer.byteLength(prefix) > 155)
    throw new Error(`name too long for the backup file: ${name}`);
  h.write(base, 0, 100, 'utf8');
  writeOctal(h, 100, 8, 0o600);
  writeOctal(h, 108, 8, 0);
  writeOctal(h, 116, 8, 0);
  writeOctal(h, 124, 12, size);
  writeOctal(h, 136, 12, Math.floor(mtime / 1000));
  h.fill(' ', 148, 156);
  h.write('0', 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return h;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

// Writes the archive to `<file>.partial`, renamed into place by finish(): a file under the final
// name is always whole.
export class ArchiveWriter {
  private fh: fsp.FileHandle;
  readonly file: string;
  private files: Manifest['files'] = [];
  private constructor(file: string, fh: fsp.FileHandle) {
    this.file = file;
    this.fh = fh;
  }
  static async create(file: string): Promise<ArchiveWriter> {
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    return new ArchiveWriter(file, await fsp.open(`${file}.partial`, 'w', 0o600));
  }
  async addBuffer(name: string, bytes: Uint8Array): Promise<void> {
    await this.fh.write(header(name, bytes.byteLength, Date.now()));
    await this.fh.write(bytes);
    await this.fh.write(Buffer.alloc(padding(bytes.byteLength)));
    this.files.push({
      name,
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  // Streams a file in; its size is taken once and exactly that many bytes are written.
  async addFile(name: string, source: string): Promise<void> {
    const st = await fsp.stat(source);
    await this.fh.write(header(name, st.size, st.mtimeMs));
    const hash = createHash('sha256');
    let left = st.size;
    for await (const chunk of fs.createReadStream(source, { end: Math.max(0, st.size - 1) })) {
      if (st.size === 0) break;
      const part = (chunk as Buffer).subarray(0, left);
      hash.update(part);
      await this.fh.write(part);
      left -= part.length;
    }
    if (left > 0) throw new Error(`${source} shrank while it was being backed up`);
    await this.fh.write(Buffer.alloc(padding(st.size)));
    this.files.push({ name, size: st.size, sha256: hash.digest('hex') });
  }
  async finish(meta: Omit<Manifest, 'files' | 'format' | 'version'>): Promise<string> {
    const manifest: Manifest = { format: FORMAT, version: 1, ...meta, files: this.files };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await this.addBuffer(MANIFEST, text);
    await this.addBuffer(MANIFEST_SUM, Buffer.from(`${createHash('sha256').update(text).digest('hex')}\n`));
    await this.fh.write(Buffer.alloc(BLOCK * 2));
    await this.fh.sync();
    await this.fh.close();
    await fsp.rename(`${this.file}.partial`, this.file);
    return this.file;
  }
  async abort(): Promise<void> {
    await this.fh.close().catch(() => {});
    await fsp.rm(`${this.file}.partial`, { force: true });
  }
}

export type Entry = { name: string; size: number; offset: number };

// Every entry of the archive, its manifest checked against every entry's bytes. Throws
// BackupFileError with a message for an operator on any damage.
export async function verifyArchive(file: string): Promise<{ manifest: Manifest; entries: Entry[] }> {
  const fh = await fsp.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
    throw new BackupFileError(`Cannot read the backup file ${file}: ${err.code ?? err.message}`);
  });
  try {
    const total = (await fh.stat()).size;
    const entries: Entry[] = [];
    const hashes = new Map<string, string>();
    const contents = new Map<string, Buffer>();
    let pos = 0;
    const h = Buffer.alloc(BLOCK);
    const chunk = Buffer.alloc(1 << 20);
    for (;;) {
      if (pos + BLOCK > total)
        throw new BackupFileError(
          `The backup file ${file} is truncated: it ends after ${entries.length} entries, before its manifest. Use another backup.`,
        );
      await fh.read(h, 0, BLOCK, pos);
      if (h.every((b) => b === 0)) break;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
      if (sum !== readNumber(h, 148, 8) || h.toString('ascii', 257, 262) !== 'ustar')
        throw new BackupFileError(
          `The backup file ${file} is corrupted (a damaged entry header at byte ${pos}), or it is not a Yardshare backup.`,
        );
      const base = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const prefix = h.toString('utf8', 345, 500).replace(/\0.*$/s, '');
      const name = prefix ? `${prefix}/${base}` : base;
      const size = readNumber(h, 124, 12);
      const offset = pos + BLOCK;
      if (offset + size > total)
        throw new BackupFileError(
          `The backup file ${file} is truncated: it ends inside ${name}. Use another backup.`,
        );
      const hash = createHash('sha256');
      const small = name === MANIFEST || name === MANIFEST_SUM;
      const parts: Buffer[] = [];
      for (let at = 0; at < size; ) {
        const { bytesRead } = await fh.read(chunk, 0, Math.min(chunk.length, size - at), offset + at);
        if (bytesRead === 0) break;
        hash.update(chunk.subarray(0, bytesRead));
        if (small) parts.push(Buffer.from(chunk.subarray(0, bytesRead)));
        at += bytesRead;
      }
      if (small) contents.set(name, Buffer.concat(parts));
      hashes.set(name, hash.digest('hex'));
      entries.push({ name, size, offset });
      pos = offset + size + padding(size);
    }
    const text = contents.get(MANIFEST);
    const sum = contents.get(MANIFEST_SUM)?.toString('utf8').trim();
    if (!text || !sum)
      throw new BackupFileError(
        `The backup file ${file} has no manifest: it is truncated or not a Yardshare backup.`,
      );
    if (hashes.get(MANIFEST) !== sum)
      throw new BackupFileError(
        `The backup file ${file} is corrupted: its manifest does not match its checksum.`,
      );
    const manifest = JSON.parse(text.toString('utf8')) as Manifest;
    if (manifest.format !== FORMAT || manifest.version !== 1)
      throw new BackupFileError(`${file} is not a Yardshare backup of a version this server reads.`);
    for (const f of manifest.files) {
      if (!hashes.has(f.name))
        throw new BackupFileError(`The backup file ${file} is incomplete: ${f.name} is missing.`);
      if (hashes.get(f.name) !== f.sha256)
        throw new BackupFileError(
          `The backup file ${file} is corrupted: ${f.name} does not match its checksum. Use another backup.`,
        );
    }
    return { manifest, entries };
  } finally {
    await fh.close();
  }
}

// The bytes of one entry (the database dump); readEntryTo streams one into a file.
export async function readEntry(file: string, e: Entry): Promise<Buffer> {
  const fh = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(e.size);
    if (e.size) await fh.read(buf, 0, e.size, e.offset);
    return buf;
  } finally {
    await fh.close();
  }
}

export async function readEntryTo(file: string, e: Entry, target: string): Promise<void> {
  const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o600 });
  const input = e.size ? fs.createReadStream(file, { start: e.offset, end: e.offset + e.size - 1 }) : null;
  await new Promise<void>((resolve, reject) => {
    out.on('error', reject);
    out.on('finish', resolve);
    if (!input) out.end();
    else input.on('error', reject).pipe(out);
  });
}
