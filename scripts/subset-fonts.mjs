// Writes src/theme/fonts/Vazirmatn-Latin-{Regular,Bold}.woff2: Vazirmatn cut down to the
// Latin characters a page commonly shows (Basic Latin, Latin-1, general punctuation, € ™ …),
// so a page with a few Latin characters downloads ~10 KiB per weight instead of the full
// 50 KiB file. Then prints the unicode-range of the three faces per weight that
// src/theme/vazirmatn.css declares: the Persian file, this Latin subset, and the full file
// for the rest of its Latin characters (rare: Latin Extended, combining marks, …).
//
// Run it again when the vazirmatn package is upgraded, and paste the printed ranges into
// vazirmatn.css. subset-font (HarfBuzz) is a tool, not a dependency of the project:
//
//   npm install --no-save --prefix /tmp/subset-font subset-font@2.9.0
//   SUBSET_FONT_DIR=/tmp/subset-font node scripts/subset-fonts.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const toolDir = process.env.SUBSET_FONT_DIR;
const require = createRequire(
  toolDir ? pathToFileURL(path.join(path.resolve(toolDir), 'node_modules') + path.sep).href : import.meta.url,
);
const subsetFont = require('subset-font');
const fontverter = require('fontverter');
const hb = await import(pathToFileURL(require.resolve('harfbuzzjs')).href);

const PACKAGE = path.join(ROOT, 'node_modules/vazirmatn');
const OUT_DIR = path.join(ROOT, 'src/theme/fonts');
const WEIGHTS = ['Regular', 'Bold'];

/** What the subset may hold: Google Fonts' "latin" subset. */
const LATIN = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];
const inLatin = (code) => LATIN.some(([from, to]) => code >= from && code <= to);

/** The OpenType features browsers apply by default. The full file's others (small caps,
 *  old-style and tabular figures, stylistic sets, fractions) would double the glyphs; the
 *  portal turns none of them on (no font-variant / font-feature-settings anywhere). */
const DEFAULT_FEATURES = ['ccmp', 'locl', 'rlig', 'liga', 'clig', 'calt', 'kern', 'mark', 'mkmk', 'rvrn'];

async function characterMap(file) {
  const truetype = await fontverter.convert(fs.readFileSync(file), 'truetype');
  const face = new hb.Face(new hb.Blob(truetype));
  const codes = new Set(face.collectUnicodes());
  face.destroy?.();
  return codes;
}

/** [1, 2, 3, 7] → "U+0001-0003, U+0007" */
function unicodeRange(codes) {
  const sorted = [...codes].sort((a, b) => a - b);
  const hex = (code) => code.toString(16).toUpperCase().padStart(4, '0');
  const parts = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j + 1;
  }
  return parts.join(', ');
}

fs.mkdirSync(OUT_DIR, { recursive: true });
for (const weight of WEIGHTS) {
  const fullFile = path.join(PACKAGE, `fonts/webfonts/Vazirmatn-${weight}.woff2`);
  const persianFile = path.join(PACKAGE, `misc/Non-Latin/fonts/webfonts/Vazirmatn-NL-${weight}.woff2`);
  const full = await characterMap(fullFile);
  const persian = await characterMap(persianFile);
  const latin = [...full].filter((code) => !persian.has(code));
  const subset = latin.filter(inLatin);
  const rest = latin.filter((code) => !inLatin(code));

  const font = await subsetFont(fs.readFileSync(fullFile), String.fromCodePoint(...subset), {
    targetFormat: 'woff2',
    keepFeatures: DEFAULT_FEATURES,
    preserveNameIds: [13, 14], // the SIL Open Font License and its url, as in the originals
  });
  const outFile = path.join(OUT_DIR, `Vazirmatn-Latin-${weight}.woff2`);
  fs.writeFileSync(outFile, font);
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `\n${path.relative(ROOT, outFile)}: ${kib(font.length)} (full file ${kib(fs.statSync(fullFile).size)})`,
  );
  console.log(`  Persian file: unicode-range: ${unicodeRange(persian)};`);
  console.log(`  Latin subset: unicode-range: ${unicodeRange(subset)};`);
  console.log(`  full file:    unicode-range: ${unicodeRange(rest)};`);
}
