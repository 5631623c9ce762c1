// Reads a PDF with pdfjs-dist (as a browser would): each page's size and text lines, and, with
// --png <file>, page 1 drawn to a PNG (@napi-rs/canvas). Prints JSON. Run by the export tests in a
// child process, because pdfjs-dist is an ES module Jest's CommonJS runtime cannot load.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const [file, ...rest] = process.argv.slice(2);
const pngAt = rest.indexOf('--png');
const png = pngAt >= 0 ? rest[pngAt + 1] : undefined;
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));

const doc = await getDocument({
  data: new Uint8Array(readFileSync(file)),
  standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
  verbosity: 0,
}).promise;
const pages = [];
for (let n = 1; n <= doc.numPages; n++) {
  const page = await doc.getPage(n);
  const [x0, y0, x1, y1] = page.view;
  const content = await page.getTextContent();
  // group the text items into lines by their y, left to right
  const lines = new Map();
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const y = Math.round(item.transform[5]);
    const line = lines.get(y) ?? [];
    line.push({ x: item.transform[4], s: item.str });
    lines.set(y, line);
  }
  const text = [...lines.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([, items]) => items.sort((a, b) => a.x - b.x).map((i) => i.s).join(' | '));
  pages.push({ width: x1 - x0, height: y1 - y0, lines: text });
  if (png && n === 1) {
    const { createCanvas } = await import('@napi-rs/canvas');
    const viewport = page.getViewport({ scale: 1.5 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvasContext: canvas.getContext('2d'), viewport, canvas }).promise;
    writeFileSync(png, canvas.toBuffer('image/png'));
  }
}
process.stdout.write(JSON.stringify({ numPages: doc.numPages, pages }));
