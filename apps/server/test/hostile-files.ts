import zlib from 'node:zlib';

// Files an attacker sends (issue 28), made here byte by byte so a test controls what each claims and holds.

/**
 * A PDF of `pages` pages of `w` × `h` points that all draw one shared, deflated content stream: a few dozen KB
 * that render as slowly as the content makes them (e.g. a thousand full-page fills a page).
 */
export function sharedContentPdf(pages: number, content: string, w = 842, h = 1191): Buffer {
  const objects: Buffer[] = [];
  const add = (o: string | Buffer) => objects.push(Buffer.isBuffer(o) ? o : Buffer.from(o));
  const z = zlib.deflateSync(Buffer.from(content), { level: 9 });
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  add(
    Buffer.concat([
      Buffer.from(`<< /Length ${z.length} /Filter /FlateDecode >>\nstream\n`),
      z,
      Buffer.from('\nendstream'),
    ]),
  );
  for (let i = 0; i < pages; i++)
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Contents 3 0 R /Resources << >> >>`);
  const parts = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((o, i) => {
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')]);
    offsets.push(at);
    parts.push(b);
    at += b.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

/** `bytes` of `head` then zeros, deflated as they stream (never whole in memory), with their CRC. */
async function deflated(head: Buffer, bytes: number): Promise<{ raw: Buffer; crc: number }> {
  const z = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((r) => z.on('end', r));
  let crc = zlib.crc32(head);
  z.write(head);
  const mb = Buffer.alloc(1024 * 1024);
  for (let left = bytes - head.length; left > 0; left -= mb.length) {
    const chunk = left >= mb.length ? mb : mb.subarray(0, left);
    crc = zlib.crc32(chunk, crc);
    if (!z.write(chunk)) await new Promise((r) => z.once('drain', r));
  }
  z.end();
  await done;
  return { raw: Buffer.concat(out), crc };
}

/**
 * A zip whose entries each hold `head` and zeros up to `bytes`, deflated: tiny archives that unpack to a lot.
 * `declared` is the size each entry claims (the truth unless given: a zip may lie).
 */
export async function zerosZip(
  entries: Array<{ name: string; bytes: number; head?: Buffer; declared?: number }>,
): Promise<Buffer> {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let at = 0;
  for (const e of entries) {
    const { raw, crc } = await deflated(e.head ?? Buffer.alloc(0), e.bytes);
    const name = Buffer.from(e.name);
    const size = e.declared ?? e.bytes;
    // the local header and the central one share their fields from "version needed" to the name's length,
    // the central one 2 bytes on (after its "version made by")
    const shared = (h: Buffer, from: number) => {
      h.writeUInt16LE(20, from);
      h.writeUInt16LE(0x0800, from + 2); // UTF-8 names
      h.writeUInt16LE(8, from + 4); // deflate
      h.writeUInt32LE(crc, from + 10);
      h.writeUInt32LE(raw.length, from + 14);
      h.writeUInt32LE(size, from + 18);
      h.writeUInt16LE(name.length, from + 22);
      return h;
    };
    const lh = shared(Buffer.alloc(30), 4);
    lh.writeUInt32LE(0x04034b50, 0);
    const ch = shared(Buffer.alloc(46), 6);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt32LE(at, 42);
    local.push(lh, name, raw);
    central.push(ch, name);
    at += lh.length + name.length + raw.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...local, cd, end]);
}

/** A PNG that says it is `w` × `h` pixels: its header and a few rows, a few hundred bytes. */
export function hugePngHeader(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth; colour type 0: grey
  const rows = zlib.deflateSync(Buffer.alloc((w + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
