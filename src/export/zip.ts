/**
 * A store-only zip archive (PKWARE APPNOTE 4.3: local headers, the data uncompressed, a central
 * directory and its end record), written by hand: an export's few small files need no
 * compression library. Names are UTF-8 (flag bit 11); times are the DOS epoch, so the same files
 * give the same bytes.
 */
import { type ExportFile, wholeData } from './targets';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const UTF8 = 0x0800;
const DOS_DATE_1980_01_01 = 0x0021;

/** The files in one archive, each under `folder/` when a folder is given. */
export function zipStore(files: readonly ExportFile[], folder = ''): Uint8Array {
  const encoder = new TextEncoder();
  const entries = files.map((f) => {
    const whole = wholeData(f.data);
    const data = typeof whole === 'string' ? encoder.encode(whole) : whole;
    return { name: encoder.encode(folder ? `${folder}/${f.path}` : f.path), data, crc: crc32(data) };
  });
  const size = entries.reduce((n, e) => n + 30 + e.name.length + e.data.length + 46 + e.name.length, 22);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  const u16 = (v: number) => {
    view.setUint16(at, v, true);
    at += 2;
  };
  const u32 = (v: number) => {
    view.setUint32(at, v, true);
    at += 4;
  };
  /** version, flags, method (0: stored), time, date, crc, sizes, name length, extra length. */
  const common = (e: (typeof entries)[number]) => {
    u16(20);
    u16(UTF8);
    u16(0);
    u16(0);
    u16(DOS_DATE_1980_01_01);
    u32(e.crc);
    u32(e.data.length);
    u32(e.data.length);
    u16(e.name.length);
    u16(0);
  };
  const offsets = entries.map((e) => {
    const offset = at;
    u32(0x04034b50);
    common(e);
    out.set(e.name, at);
    at += e.name.length;
    out.set(e.data, at);
    at += e.data.length;
    return offset;
  });
  const directory = at;
  entries.forEach((e, i) => {
    u32(0x02014b50);
    u16(20); // made by
    common(e);
    u16(0); // comment length
    u16(0); // disk
    u16(0); // internal attributes
    u32(0); // external attributes
    u32(offsets[i]);
    out.set(e.name, at);
    at += e.name.length;
  });
  const directorySize = at - directory;
  u32(0x06054b50);
  u16(0);
  u16(0);
  u16(entries.length);
  u16(entries.length);
  u32(directorySize);
  u32(directory);
  u16(0);
  return out;
}
