// The demo organisation's logo: a small SVG emblem, kept as a data URL like uploaded logos.
export function emblemLogo(letter: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
<circle cx="60" cy="60" r="56" fill="${color}"/><circle cx="60" cy="60" r="46" fill="none" stroke="#fff" stroke-width="3" opacity=".6"/>
<text x="60" y="78" text-anchor="middle" font-family="Vazirmatn, Tahoma, sans-serif" font-size="52" font-weight="700" fill="#fff">${letter}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
