// Deterministic SVG cover art for the demo catalogue: a friendly figure on a round base (in the
// spirit of an audio figure), a colour palette and a head variant picked from a hash of the
// article (and its themes), the series initials and a short name. Self-contained: no scripts,
// no links, no external references, only generic font families.
import { hashString, mulberry32 } from './prng';
import type { DemoTonie } from './demo-catalogue';

interface Palette {
  from: string;
  to: string;
  body: string;
  base: string;
  accent: string;
}

const PALETTES: readonly Palette[] = [
  { from: '#ffb86b', to: '#ff6f61', body: '#2f6fdb', base: '#1f3b73', accent: '#ffe66d' },
  { from: '#8fd3f4', to: '#4a90e2', body: '#ff8a5b', base: '#22466b', accent: '#fff3b0' },
  { from: '#c3f0ca', to: '#3fb68b', body: '#f25f5c', base: '#1e5945', accent: '#fffbe6' },
  { from: '#e0c3fc', to: '#8e7dff', body: '#ffd166', base: '#3b2f7a', accent: '#ffffff' },
  { from: '#ffe29f', to: '#ffa99f', body: '#6c5ce7', base: '#5a3d2b', accent: '#fff8e7' },
  { from: '#a1ffce', to: '#38b2ac', body: '#ff7eb6', base: '#1d4e4b', accent: '#fefae0' },
  { from: '#fbc2eb', to: '#a6c1ee', body: '#0f9d8a', base: '#3d3a6b', accent: '#fff1f8' },
  { from: '#fddb92', to: '#d1fdff', body: '#e76f51', base: '#264653', accent: '#ffffff' },
  { from: '#b8c6ff', to: '#3d5af1', body: '#ffc93c', base: '#14213d', accent: '#e8f0ff' },
  { from: '#ffd3a5', to: '#fd6585', body: '#3a86ff', base: '#6a1b3d', accent: '#fff4e6' },
];

const SKIN = ['#f8d9c0', '#eec1a0', '#d9a27c', '#b97a56', '#8d5a3b', '#f3e0b5'] as const;

type Variant = 'round-ears' | 'pointy-ears' | 'long-ears' | 'captain-hat' | 'antennae' | 'crown' | 'headphones' | 'beret';

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function initials(series: string): string {
  const words = series.split(/[\s\-–]+/).filter((w) => /^\p{L}/u.test(w) && !/^(the|and|of|die|der|das|le|la|les|und)$/i.test(w));
  const letters = (words.length > 0 ? words : [series]).slice(0, 2).map((w) => [...w][0]!.toUpperCase());
  return letters.join('');
}

function shortLabel(value: string, max = 30): string {
  const chars = [...value];
  return chars.length <= max
    ? value
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

function variantFor(tonie: DemoTonie, hash: number): Variant {
  const themes = new Set(tonie.themes);
  if (tonie.category === 'Music' || tonie.category === 'Songs') {
    if (hash % 3 === 0) return 'headphones';
  }
  if (themes.has('Space')) return 'antennae';
  if (themes.has('Sea')) return 'captain-hat';
  if (themes.has('Fairy Tales') || themes.has('Fantasy')) return 'crown';
  if (themes.has('Animals')) return (['round-ears', 'pointy-ears', 'long-ears'] as const)[hash % 3]!;
  return (['round-ears', 'pointy-ears', 'long-ears', 'headphones', 'beret'] as const)[hash % 5]!;
}

function headExtras(variant: Variant, skin: string, p: Palette): { behind: string; front: string } {
  switch (variant) {
    case 'round-ears':
      return {
        behind: `<circle cx="150" cy="104" r="24" fill="${skin}"/><circle cx="250" cy="104" r="24" fill="${skin}"/><circle cx="150" cy="104" r="12" fill="${p.body}" opacity=".55"/><circle cx="250" cy="104" r="12" fill="${p.body}" opacity=".55"/>`,
        front: '',
      };
    case 'pointy-ears':
      return {
        behind: `<path d="M146 126 L150 64 L190 104 Z" fill="${skin}"/><path d="M254 126 L250 64 L210 104 Z" fill="${skin}"/><path d="M156 112 L158 82 L178 102 Z" fill="${p.body}" opacity=".5"/><path d="M244 112 L242 82 L222 102 Z" fill="${p.body}" opacity=".5"/>`,
        front: '',
      };
    case 'long-ears':
      return {
        behind: `<ellipse cx="172" cy="72" rx="16" ry="46" fill="${skin}" transform="rotate(-12 172 72)"/><ellipse cx="228" cy="72" rx="16" ry="46" fill="${skin}" transform="rotate(12 228 72)"/><ellipse cx="172" cy="74" rx="7" ry="32" fill="${p.accent}" opacity=".8" transform="rotate(-12 172 74)"/><ellipse cx="228" cy="74" rx="7" ry="32" fill="${p.accent}" opacity=".8" transform="rotate(12 228 74)"/>`,
        front: '',
      };
    case 'captain-hat':
      return {
        behind: '',
        front: `<path d="M136 112 Q200 58 264 112 Z" fill="${p.base}"/><rect x="128" y="106" width="144" height="14" rx="7" fill="${p.base}"/><circle cx="200" cy="96" r="8" fill="${p.accent}"/>`,
      };
    case 'antennae':
      return {
        behind: `<path d="M180 100 L166 56" stroke="${p.base}" stroke-width="5" stroke-linecap="round"/><path d="M220 100 L234 56" stroke="${p.base}" stroke-width="5" stroke-linecap="round"/><circle cx="166" cy="52" r="9" fill="${p.accent}"/><circle cx="234" cy="52" r="9" fill="${p.accent}"/>`,
        front: '',
      };
    case 'crown':
      return {
        behind: '',
        front: `<path d="M160 104 L164 70 L182 90 L200 62 L218 90 L236 70 L240 104 Z" fill="${p.accent}" stroke="${p.base}" stroke-width="3" stroke-linejoin="round"/><circle cx="200" cy="84" r="5" fill="${p.body}"/>`,
      };
    case 'headphones':
      return {
        behind: `<path d="M138 150 Q138 78 200 78 Q262 78 262 150" stroke="${p.base}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
        front: `<rect x="126" y="136" width="22" height="40" rx="10" fill="${p.body}" stroke="${p.base}" stroke-width="3"/><rect x="252" y="136" width="22" height="40" rx="10" fill="${p.body}" stroke="${p.base}" stroke-width="3"/>`,
      };
    case 'beret':
      return {
        behind: '',
        front: `<ellipse cx="206" cy="100" rx="56" ry="20" fill="${p.body}"/><circle cx="212" cy="80" r="6" fill="${p.body}"/>`,
      };
  }
}

/** The SVG document of one demo Tonie's cover. Same input, same bytes. */
export function renderDemoCover(tonie: DemoTonie): string {
  const hash = hashString(tonie.article);
  const random = mulberry32(hash);
  const p = PALETTES[hash % PALETTES.length]!;
  const skin = SKIN[(hash >>> 8) % SKIN.length]!;
  const variant = variantFor(tonie, hash >>> 4);
  const extras = headExtras(variant, skin, p);
  const title = tonie.episode ? `${tonie.series} – ${tonie.episode}` : tonie.series;
  const label = shortLabel(tonie.episode ?? tonie.series);
  const length = [...label].length;
  const labelSize = length <= 14 ? 26 : length <= 19 ? 22 : length <= 24 ? 18 : 16;
  const category = tonie.category;
  const pillWidth = Math.round(category.length * 8.6 + 28);

  const dots: string[] = [];
  for (let i = 0; i < 7; i++) {
    const x = Math.round(20 + random() * 360);
    const y = Math.round(60 + random() * 220);
    const r = Math.round(4 + random() * 14);
    dots.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${(0.12 + random() * 0.2).toFixed(2)}"/>`);
  }
  const starsOrWaves =
    variant === 'antennae' || tonie.themes.includes('Bedtime')
      ? `<path d="M318 72 l5 11 12 1 -9 8 3 12 -11 -6 -11 6 3 -12 -9 -8 12 -1 z" fill="${p.accent}" opacity=".9"/><circle cx="84" cy="92" r="3" fill="${p.accent}"/><circle cx="340" cy="140" r="2.5" fill="${p.accent}"/>`
      : '';

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>`,
    `<rect width="400" height="400" rx="36" fill="url(#bg)"/>`,
    ...dots,
    starsOrWaves,
    `<rect x="20" y="20" width="${pillWidth}" height="30" rx="15" fill="#ffffff" fill-opacity=".88"/>`,
    `<text x="${20 + pillWidth / 2}" y="40" text-anchor="middle" font-family="Verdana, Arial, sans-serif" font-size="14" font-weight="700" fill="${p.base}">${escapeXml(category)}</text>`,
    `<ellipse cx="200" cy="318" rx="100" ry="18" fill="#000000" fill-opacity=".18"/>`,
    `<rect x="116" y="284" width="168" height="34" rx="17" fill="${p.base}"/>`,
    `<rect x="128" y="284" width="144" height="10" rx="5" fill="#ffffff" fill-opacity=".18"/>`,
    `<path d="M146 290 Q140 208 200 200 Q260 208 254 290 Z" fill="${p.body}"/>`,
    `<path d="M166 212 Q200 230 234 212" stroke="#ffffff" stroke-opacity=".35" stroke-width="6" fill="none" stroke-linecap="round"/>`,
    extras.behind,
    `<circle cx="200" cy="150" r="60" fill="${skin}"/>`,
    extras.front,
    `<circle cx="180" cy="148" r="7" fill="#2b2b2b"/><circle cx="220" cy="148" r="7" fill="#2b2b2b"/>`,
    `<circle cx="182" cy="145" r="2.2" fill="#ffffff"/><circle cx="222" cy="145" r="2.2" fill="#ffffff"/>`,
    `<circle cx="166" cy="168" r="9" fill="#ff7a8a" fill-opacity=".35"/><circle cx="234" cy="168" r="9" fill="#ff7a8a" fill-opacity=".35"/>`,
    `<path d="M184 170 Q200 184 216 170" stroke="#2b2b2b" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    `<circle cx="200" cy="254" r="24" fill="#ffffff" fill-opacity=".92"/>`,
    `<text x="200" y="262" text-anchor="middle" font-family="Verdana, Arial, sans-serif" font-size="19" font-weight="700" fill="${p.base}">${escapeXml(initials(tonie.series))}</text>`,
    `<rect x="28" y="338" width="344" height="44" rx="22" fill="${p.base}" fill-opacity=".72"/>`,
    `<text x="200" y="${360 + Math.round(labelSize * 0.36)}" text-anchor="middle" font-family="Verdana, Arial, sans-serif" font-size="${labelSize}" font-weight="700" fill="#ffffff">${escapeXml(label)}</text>`,
    `</svg>`,
  ]
    .filter((part) => part !== '')
    .join('\n');
}
