import { fnv1a32 } from '../../lib/hash.ts';

export type Palette = {
  name: string;
  primary: string;
  primaryDark: string;
  accent: string;
  /** Text on the accent (call-to-action buttons); accents are light, so this is dark. */
  onAccent: string;
  ink: string;
  muted: string;
  surface: string;
  background: string;
};

export type FontPair = { name: string; heading: string; body: string };

export type Theme = { palette: Palette; fonts: FontPair };

// Every pair used together (white on primary/primary-dark, on-accent on accent, primary and
// muted on background/surface) was checked to be at least WCAG AA 4.5:1.
export const PALETTES: readonly Palette[] = [
  {
    name: 'harbor',
    primary: '#1d4f91',
    primaryDark: '#143863',
    accent: '#f5a524',
    onAccent: '#1a1a1a',
    ink: '#132033',
    muted: '#4a5568',
    surface: '#f2f5f9',
    background: '#ffffff',
  },
  {
    name: 'evergreen',
    primary: '#1f6b4a',
    primaryDark: '#154d35',
    accent: '#f2c14e',
    onAccent: '#1b1b1b',
    ink: '#14231c',
    muted: '#4b5a52',
    surface: '#f1f6f3',
    background: '#ffffff',
  },
  {
    name: 'slate',
    primary: '#2f3e4e',
    primaryDark: '#1f2a36',
    accent: '#ff7a59',
    onAccent: '#1a1a1a',
    ink: '#1c2430',
    muted: '#505c69',
    surface: '#f4f5f7',
    background: '#ffffff',
  },
  {
    name: 'lagoon',
    primary: '#0d6e6e',
    primaryDark: '#0a4f50',
    accent: '#ffb547',
    onAccent: '#1a1a1a',
    ink: '#102a2b',
    muted: '#4a5c5c',
    surface: '#eff7f6',
    background: '#ffffff',
  },
  {
    name: 'brick',
    primary: '#a33a22',
    primaryDark: '#74271a',
    accent: '#f6d186',
    onAccent: '#2a1a10',
    ink: '#2a1d18',
    muted: '#5e504a',
    surface: '#faf5f0',
    background: '#fffdfa',
  },
  {
    name: 'indigo',
    primary: '#3b3fb6',
    primaryDark: '#2a2d85',
    accent: '#34d399',
    onAccent: '#062a1f',
    ink: '#171a33',
    muted: '#50546b',
    surface: '#f3f3fb',
    background: '#ffffff',
  },
];

// System stacks only: a generated site makes no font requests, so it renders at once and
// needs no third-party consent.
const SYSTEM = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const HUMANIST =
  'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", source-sans-pro, sans-serif';
const GEOMETRIC = 'Avenir, Montserrat, Corbel, "URW Gothic", source-sans-pro, sans-serif';
const OLD_STYLE = '"Iowan Old Style", "Palatino Linotype", "URW Palladio L", P052, serif';

export const FONT_PAIRS: readonly FontPair[] = [
  { name: 'system', heading: SYSTEM, body: SYSTEM },
  { name: 'humanist', heading: HUMANIST, body: HUMANIST },
  { name: 'geometric', heading: GEOMETRIC, body: SYSTEM },
  { name: 'classic', heading: OLD_STYLE, body: SYSTEM },
];

const OUTDOOR = /lawn|landscap|garden|tree|yard|pest|pool|solar|irrigation/i;

/**
 * Stable per project (hash of the id), so regenerating a page never changes the site's look.
 * Outdoor trades stay in the green/teal palettes, which read as "outdoors" to visitors.
 */
export function themeFor(project: { id: string; name: string; serviceType: string }): Theme {
  const h = fnv1a32(project.id);
  const palettes = OUTDOOR.test(project.serviceType)
    ? PALETTES.filter((p) => p.name === 'evergreen' || p.name === 'lagoon')
    : PALETTES;
  const palette = palettes[h % palettes.length] ?? PALETTES[0]!;
  const fonts = FONT_PAIRS[(h >>> 8) % FONT_PAIRS.length] ?? FONT_PAIRS[0]!;
  return { palette, fonts };
}

/** The one stylesheet every page of a site shares; the theme only sets the variables. */
export function themeCss(theme: Theme): string {
  const p = theme.palette;
  const vars = [
    `--primary:${p.primary}`,
    `--primary-dark:${p.primaryDark}`,
    `--accent:${p.accent}`,
    `--on-accent:${p.onAccent}`,
    `--ink:${p.ink}`,
    `--muted:${p.muted}`,
    `--surface:${p.surface}`,
    `--bg:${p.background}`,
    `--font-heading:${theme.fonts.heading}`,
    `--font-body:${theme.fonts.body}`,
  ].join(';');
  return `:root{${vars}}\n${BASE_CSS}`;
}

const BASE_CSS = `
:root{--radius:14px;--line:rgb(0 0 0/.09);--shadow:0 1px 2px rgb(0 0 0/.05),0 8px 28px rgb(0 0 0/.07)}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;scroll-behavior:smooth}
body{margin:0;font:1.0625rem/1.65 var(--font-body);color:var(--ink);background:var(--bg)}
h1,h2,h3{font-family:var(--font-heading);line-height:1.2;letter-spacing:-.015em;margin:0 0 .55em;text-wrap:balance}
h1{font-size:clamp(2.1rem,5vw,3.4rem)}
h2{font-size:clamp(1.6rem,3.2vw,2.3rem)}
h3{font-size:1.18rem}
p{margin:0 0 1em}
img,video{max-width:100%;height:auto}
blockquote{margin:0 0 1em;padding:.8rem 1.2rem;border-left:4px solid var(--primary);background:var(--surface)}
blockquote footer{color:var(--muted)}
a{color:var(--primary);text-underline-offset:.2em}
a:hover{color:var(--primary-dark)}
:focus-visible{outline:3px solid var(--primary);outline-offset:3px;border-radius:4px}
.hero :focus-visible,.band :focus-visible,.site-footer :focus-visible{outline-color:#fff}
.wrap{width:min(100% - 2.5rem,72rem);margin-inline:auto}
.skip{position:absolute;left:1rem;top:-5rem;z-index:100;padding:.6rem 1rem;border-radius:8px;background:var(--ink);color:#fff}
.skip:focus{top:1rem}
.site-header{position:sticky;top:0;z-index:50;background:rgb(255 255 255/.96);border-bottom:1px solid var(--line);backdrop-filter:blur(8px)}
.header-inner{display:flex;align-items:center;gap:1.25rem;min-height:68px}
.brand{margin-right:auto;font:800 1.25rem/1.2 var(--font-heading);color:var(--ink);text-decoration:none;letter-spacing:-.01em}
.site-nav ul{display:flex;flex-wrap:wrap;gap:.2rem;margin:0;padding:0;list-style:none}
.site-nav a{display:block;padding:.45rem .75rem;border-radius:8px;color:var(--ink);font-weight:500;text-decoration:none}
.site-nav a:hover,.site-nav a[aria-current=page]{background:var(--surface);color:var(--primary)}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:46px;padding:.7rem 1.35rem;border:2px solid transparent;border-radius:999px;background:var(--accent);color:var(--on-accent);font-weight:700;line-height:1.2;text-decoration:none;transition:transform .15s,box-shadow .15s}
.btn:hover{color:var(--on-accent);transform:translateY(-1px);box-shadow:0 6px 18px rgb(0 0 0/.18)}
.header-call{white-space:nowrap}
.btn-primary{background:var(--primary);color:#fff}
.btn-primary:hover{background:var(--primary-dark);color:#fff}
.crumbs{background:var(--surface);border-bottom:1px solid var(--line);font-size:.9rem}
.crumbs ol{display:flex;flex-wrap:wrap;gap:.35rem;margin:0 auto;padding:.65rem 0;list-style:none}
.crumbs li+li::before{content:"\\203A";margin-right:.35rem;color:var(--muted)}
.crumbs [aria-current]{color:var(--muted)}
main [id]{scroll-margin-top:70px}
.hero{padding:clamp(3.5rem,9vw,6.5rem) 0;background:linear-gradient(135deg,var(--primary-dark),var(--primary));color:#fff}
.hero h1{max-width:20ch}
.hero-grid{display:grid;grid-template-columns:minmax(0,1.6fr) minmax(0,1fr);gap:3rem;align-items:center}
.hero-card{padding:1.75rem;border:1px solid rgb(255 255 255/.2);border-radius:var(--radius);background:rgb(255 255 255/.08)}
.hero-card-title{margin-bottom:1rem;font:700 1.15rem/1.3 var(--font-heading)}
.hero-card ul{display:grid;gap:.7rem;margin:0;padding:0;list-style:none}
.hero-card li{display:flex;gap:.65rem;align-items:baseline}
.hero-card li::before{content:"\\2713";color:var(--accent);font-weight:800}
.hero-card-call{margin:1.25rem 0 0;padding-top:1rem;border-top:1px solid rgb(255 255 255/.2)}
.hero-card a{color:#fff;font-weight:700}
.eyebrow{margin-bottom:.9rem;color:var(--accent);font-size:.8rem;font-weight:700;letter-spacing:.14em;text-transform:uppercase}
.lead{max-width:58ch;color:rgb(255 255 255/.92);font-size:clamp(1.1rem,2vw,1.3rem)}
.actions{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem 1.5rem;margin-top:1.75rem}
.hero .phone{color:#fff;font-size:1.1rem;font-weight:700}
.section{padding:clamp(3rem,7vw,5.25rem) 0}
.alt{background:var(--surface)}
.prose>*{max-width:70ch}
.split{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,2fr);gap:1rem 4rem;align-items:start}
.split .faq{margin-top:0}
.intro{max-width:62ch;color:var(--muted);font-size:1.1rem}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,19rem),1fr));gap:1.25rem;margin:2rem 0 0;padding:0;list-style:none}
.card{position:relative;padding:1.5rem;border:1px solid var(--line);border-radius:var(--radius);background:var(--bg);box-shadow:var(--shadow)}
.card p,.steps p{margin:0;color:var(--muted)}
.card a{color:var(--ink);text-decoration:none}
.card a::after{content:"";position:absolute;inset:0;border-radius:var(--radius)}
.card:has(a){transition:transform .15s,border-color .15s}
.card:has(a:hover){transform:translateY(-2px);border-color:var(--primary)}
.more{display:block;margin-top:.9rem;color:var(--primary);font-weight:600}
.cards.benefits{grid-template-columns:repeat(auto-fit,minmax(min(100%,14.5rem),1fr))}
.benefits h3::before{content:"\\2713";display:grid;place-items:center;width:2.25rem;height:2.25rem;margin-bottom:.85rem;border-radius:10px;background:var(--surface);color:var(--primary);font-size:1.05rem}
.steps{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,14rem),1fr));gap:1.75rem;margin:2rem 0 0;padding:0;list-style:none;counter-reset:step}
.steps li{position:relative;padding-top:3.6rem;counter-increment:step}
.steps li::before{content:counter(step);position:absolute;top:0;left:0;display:grid;place-items:center;width:2.75rem;height:2.75rem;border-radius:50%;background:var(--accent);color:var(--on-accent);font-weight:800}
.faq{max-width:70ch;margin-top:1.5rem}
.faq details{margin-bottom:.75rem;border:1px solid var(--line);border-radius:var(--radius);background:var(--bg)}
.faq summary{position:relative;padding:1rem 3rem 1rem 1.25rem;font-weight:650;cursor:pointer;list-style:none}
.faq summary::-webkit-details-marker{display:none}
.faq summary::after{content:"+";position:absolute;top:50%;right:1.25rem;color:var(--primary);font-size:1.5rem;line-height:1;transform:translateY(-50%)}
.faq details[open] summary::after{content:"\\2212"}
.faq details p{margin:0;padding:0 1.25rem 1.15rem;color:var(--muted)}
.chips{display:flex;flex-wrap:wrap;gap:.5rem;margin:1.5rem 0 0;padding:0;list-style:none}
.chips li{padding:.3rem .8rem;border:1px solid var(--line);border-radius:999px;font-weight:600}
.more-areas{margin:1.75rem 0 0;font-weight:600}
.plain-links{padding:0;list-style:none;columns:14rem}
.band{padding:clamp(3rem,7vw,4.75rem) 0;background:var(--primary-dark);color:#fff;text-align:center}
.band p{max-width:60ch;margin-inline:auto;color:rgb(255 255 255/.92)}
.band .actions{justify-content:center}
.band .phone{color:#fff;font-weight:700}
.site-footer{padding:3.25rem 0 2rem;background:var(--ink);color:rgb(255 255 255/.85);font-size:.95rem}
.site-footer a{color:#fff}
.footer-grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,14rem),1fr));gap:2rem}
.footer-title{margin-bottom:.6rem;color:#fff;font:700 1.1rem/1.3 var(--font-heading)}
.site-footer ul{margin:0;padding:0;list-style:none}
.site-footer li{margin:.35rem 0}
.copyright{margin:2.25rem 0 0;padding-top:1.25rem;border-top:1px solid rgb(255 255 255/.15);font-size:.875rem}
@media (max-width:900px){
.hero-grid,.split{grid-template-columns:minmax(0,1fr)}
.hero-card{display:none}
}
@media (max-width:1080px){
.header-inner{flex-wrap:wrap;gap:.6rem 1rem;padding:.75rem 0}
.site-nav{order:3;width:100%}
}
@media (max-width:760px){
.site-header{position:static}
.steps li{padding:0 0 0 3.6rem}
.site-nav a{padding:.35rem .7rem;background:var(--surface);font-size:.95rem}
.header-call{min-height:40px;padding:.5rem 1rem;font-size:.95rem}
}
@media (prefers-reduced-motion:reduce){
html{scroll-behavior:auto}
*,*::before,*::after{transition:none!important;animation:none!important}
}
`.trimStart();
