// Renders the app icons (committed under public/icons) from one SVG drawing.
// Run again only when the logo changes: node scripts/make-icons.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../public/icons');
mkdirSync(out, { recursive: true });

const heart = (scale) => {
  const s = scale;
  const o = (1 - s) * 256;
  return `<g transform="translate(${o} ${o}) scale(${s})"><path d="M256 420s-150-88-150-196a84 84 0 0 1 150-52 84 84 0 0 1 150 52c0 108-150 196-150 196z" fill="#fff"/></g>`;
};
const svg = ({ rounded, scale }) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="${rounded ? 112 : 0}" fill="#b0234f"/>${heart(scale)}</svg>`,
  );

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  // Maskable: full-bleed background, drawing inside the 80 % safe zone.
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 0.7 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.85 },
];
for (const icon of icons) {
  await sharp(svg(icon)).resize(icon.size, icon.size).png({ compressionLevel: 9 }).toFile(path.join(out, icon.file));
}
console.log(`wrote ${icons.length} icons to ${out}`);
