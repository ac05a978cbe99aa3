// A folder of exported files as one .zip (the web download of the results formats, which are folders):
// PKWARE APPNOTE's local headers, deflated data, central directory and end record; UTF-8 names (flag
// bit 11), no zip64 (an export is far below 4 GiB and 65,535 files). Files already compressed (.gz)
// are stored as they are.
import { crc32, deflateRawSync } from "node:zlib";
import type { ExportedFile } from "./workbench-2024";

const STORED = 0;
const DEFLATED = 8;
const UTF8_NAMES = 1 << 11;
// 1980-01-01 00:00 in MS-DOS time: the files' own times are not the export's to state.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

function header(size: number, fill: (view: DataView) => void): Buffer {
  const buffer = Buffer.alloc(size);
  fill(new DataView(buffer.buffer, buffer.byteOffset, size));
  return buffer;
}

export function zipArchive(files: readonly ExportedFile[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.path, "utf8");
    const data = typeof file.content === "string" ? Buffer.from(file.content, "utf8") : Buffer.from(file.content);
    const method = file.path.endsWith(".gz") ? STORED : DEFLATED;
    const packed = method === DEFLATED ? deflateRawSync(data) : data;
    const crc = crc32(data);
    const common = (view: DataView, at: number) => {
      view.setUint16(at, 20, true); // version needed: 2.0 (deflate)
      view.setUint16(at + 2, UTF8_NAMES, true);
      view.setUint16(at + 4, method, true);
      view.setUint16(at + 6, DOS_TIME, true);
      view.setUint16(at + 8, DOS_DATE, true);
      view.setUint32(at + 10, crc, true);
      view.setUint32(at + 14, packed.length, true);
      view.setUint32(at + 18, data.length, true);
      view.setUint16(at + 22, name.length, true);
    };
    const local = header(30, (view) => {
      view.setUint32(0, 0x04034b50, true);
      common(view, 4);
    });
    central.push(header(46, (view) => {
      view.setUint32(0, 0x02014b50, true);
      view.setUint16(4, 20, true); // version made by
      common(view, 6);
      view.setUint32(42, offset, true); // the local header's offset (extra, comment, disk, attributes: 0)
    }), name);
    parts.push(local, name, packed);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = header(22, (view) => {
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, files.length, true);
    view.setUint16(10, files.length, true);
    view.setUint32(12, directory.length, true);
    view.setUint32(16, offset, true);
  });
  return Buffer.concat([...parts, directory, end]);
}
