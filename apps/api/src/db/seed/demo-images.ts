import sharp from 'sharp';

/** Two colours per category, for the gradients of its teams' logos and packages' pictures. */
const CATEGORY_COLOURS: Record<string, [string, string]> = {
  'Web Development': ['#2563eb', '#7c3aed'],
  'Mobile Development': ['#0891b2', '#2563eb'],
  'Cloud Solutions': ['#0ea5e9', '#14b8a6'],
  'API Development': ['#4f46e5', '#0f766e'],
  'UI/UX Design': ['#db2777', '#f59e0b'],
  'Security & Testing': ['#334155', '#16a34a'],
};
const FALLBACK_COLOURS: [string, string] = ['#475569', '#2563eb'];

const coloursOf = (category: string) => CATEGORY_COLOURS[category] ?? FALLBACK_COLOURS;

/** The first letters of the first two words: "Pixel & Flow Design" → "PF". */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

const gradient = (id: string, [from, to]: [string, string]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

/** A square logo: the team's initials on its category's gradient (rendered to PNG, as an upload would be). */
export function demoLogo(teamName: string, category: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192" viewBox="0 0 192 192">
  <defs>${gradient('g', coloursOf(category))}</defs>
  <rect width="192" height="192" rx="40" fill="url(#g)"/>
  <circle cx="160" cy="32" r="44" fill="#fff" fill-opacity="0.12"/>
  <text x="96" y="122" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"
    font-size="76" font-weight="700" fill="#fff">${escapeXml(initialsOf(teamName))}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/**
 * An 800 × 533 picture for a package (drawn on a 1200 × 800 canvas; small, so the first start stays quick): its category's gradient and a few shapes placed by `variant`
 * (a browser window, cards, a chart), so the gallery of one package does not repeat itself. No text:
 * the card and the page say what the package is.
 */
export function demoGalleryImage(category: string, variant: number): Promise<Buffer> {
  const [from, to] = coloursOf(category);
  const shapes = [
    // A browser window with a layout inside.
    `<rect x="180" y="150" width="840" height="500" rx="24" fill="#fff" fill-opacity="0.92"/>
     <rect x="180" y="150" width="840" height="56" rx="24" fill="${from}" fill-opacity="0.25"/>
     <circle cx="222" cy="178" r="10" fill="#ef4444"/><circle cx="254" cy="178" r="10" fill="#f59e0b"/><circle cx="286" cy="178" r="10" fill="#22c55e"/>
     <rect x="230" y="250" width="360" height="36" rx="8" fill="${from}"/>
     <rect x="230" y="306" width="480" height="18" rx="6" fill="#cbd5e1"/>
     <rect x="230" y="338" width="420" height="18" rx="6" fill="#cbd5e1"/>
     <rect x="230" y="400" width="170" height="52" rx="12" fill="${to}"/>
     <rect x="760" y="250" width="210" height="350" rx="16" fill="${to}" fill-opacity="0.3"/>`,
    // Three cards.
    [0, 1, 2]
      .map(
        (index) =>
          `<rect x="${150 + index * 320}" y="${220 + (index % 2) * 40}" width="260" height="340" rx="20" fill="#fff" fill-opacity="0.9"/>
           <circle cx="${280 + index * 320}" cy="${320 + (index % 2) * 40}" r="54" fill="${index === 1 ? to : from}"/>
           <rect x="${190 + index * 320}" y="${410 + (index % 2) * 40}" width="180" height="20" rx="6" fill="#94a3b8"/>
           <rect x="${190 + index * 320}" y="${446 + (index % 2) * 40}" width="130" height="16" rx="6" fill="#cbd5e1"/>`,
      )
      .join(''),
    // A bar chart.
    `<rect x="200" y="160" width="800" height="480" rx="24" fill="#fff" fill-opacity="0.92"/>
     ${[180, 260, 220, 340, 300, 400]
       .map(
         (height, index) =>
           `<rect x="${270 + index * 120}" y="${590 - height}" width="70" height="${height}" rx="10" fill="${index % 2 ? to : from}"/>`,
       )
       .join('')}
     <rect x="250" y="596" width="700" height="6" rx="3" fill="#94a3b8"/>`,
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="533" viewBox="0 0 1200 800">
  <defs>${gradient('g', [from, to])}</defs>
  <rect width="1200" height="800" fill="url(#g)"/>
  <circle cx="1080" cy="90" r="220" fill="#fff" fill-opacity="0.08"/>
  <circle cx="90" cy="760" r="180" fill="#000" fill-opacity="0.08"/>
  ${shapes[variant % shapes.length]}
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
