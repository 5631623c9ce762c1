import sharp from 'sharp';

const PALETTES = [
  ['#8ecae6', '#219ebc', '#ffb703', '#fb8500'],
  ['#cdeac0', '#2a9d8f', '#e9c46a', '#e76f51'],
  ['#f1faee', '#457b9d', '#a8dadc', '#e63946'],
  ['#fde2e4', '#6d597a', '#b56576', '#eaac8b'],
  ['#e0fbfc', '#3d5a80', '#98c1d9', '#ee6c4d'],
  ['#fefae0', '#606c38', '#dda15e', '#bc6c25'],
];

/**
 * A simple illustrated photo of a home (sky, ground, house and windows), drawn locally as SVG and
 * rendered by sharp: the demo needs pictures without downloading any.
 */
export function demoPhoto(seed: number, kind: 'house' | 'tower' | 'lot'): Promise<Buffer> {
  const [sky, ground, wall, roof] = PALETTES[seed % PALETTES.length];
  const w = 1200;
  const h = 800;
  const shift = (seed * 37) % 200;
  let building = '';
  if (kind === 'house') {
    building = `
      <rect x="${350 + shift}" y="380" width="420" height="260" fill="${wall}"/>
      <polygon points="${320 + shift},390 ${560 + shift},230 ${800 + shift},390" fill="${roof}"/>
      <rect x="${530 + shift}" y="500" width="70" height="140" fill="#5c4033"/>
      <rect x="${400 + shift}" y="440" width="90" height="70" fill="#e8f4fd"/>
      <rect x="${640 + shift}" y="440" width="90" height="70" fill="#e8f4fd"/>`;
  } else if (kind === 'tower') {
    const windows = Array.from({ length: 12 }, (_, r) =>
      Array.from({ length: 4 }, (_, c) => `<rect x="${470 + shift + c * 55}" y="${150 + r * 38}" width="35" height="24" fill="#e8f4fd"/>`).join(''),
    ).join('');
    building = `<rect x="${450 + shift}" y="130" width="240" height="510" fill="${wall}"/>${windows}
      <rect x="${720 + shift}" y="300" width="160" height="340" fill="${roof}"/>`;
  } else {
    building = `<rect x="150" y="470" width="900" height="170" fill="${wall}" opacity="0.5"/>
      <line x1="150" y1="470" x2="1050" y2="470" stroke="#fff" stroke-width="6" stroke-dasharray="20 12"/>
      <circle cx="${300 + shift}" cy="430" r="60" fill="${ground}"/><rect x="${292 + shift}" y="430" width="16" height="60" fill="#5c4033"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="${w}" height="${h}" fill="${sky}"/>
    <circle cx="${1000 - shift}" cy="140" r="70" fill="#fff3b0"/>
    <rect y="620" width="${w}" height="180" fill="${ground}"/>
    ${building}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
