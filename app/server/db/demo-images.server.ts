import { initialsOf } from "~/domain/initials";

/*
 * The demo content's images, drawn here as flat vector scenes in the site's palette: the
 * machine that seeds may have no network, there are no photos of real people to show, and
 * every alt text in content/seed/blog-posts.json describes exactly what its scene draws.
 */

const c = {
  sand50: "#fbf8f3",
  sand100: "#f5efe5",
  sand200: "#ebe1d0",
  sand300: "#dccfb9",
  ink900: "#1f2a2e",
  ink700: "#3c4a4f",
  ink500: "#5d6b70",
  teal50: "#eef7f5",
  teal100: "#d5ece7",
  teal200: "#a9d6cc",
  teal600: "#2f7d6d",
  teal700: "#256657",
  teal800: "#1c4f44",
  coral100: "#fbe5dc",
  coral300: "#eea98c",
  coral500: "#d9764f",
  coral700: "#a4502f",
  wood: "#d2a77c",
  woodDark: "#a97c55",
  white: "#ffffff",
} as const;

const WIDE = { width: 1280, height: 720 } as const;
const SQUARE = 640;

function wide(defs: string, body: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDE.width}" height="${WIDE.height}" viewBox="0 0 ${WIDE.width} ${WIDE.height}"><defs>${defs}</defs>${body}</svg>`;
}

function linear(id: string, stops: [number, string][], vertical = true) {
  const direction = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  return `<linearGradient id="${id}" ${direction}>${stops.map(([offset, color]) => `<stop offset="${offset}" stop-color="${color}"/>`).join("")}</linearGradient>`;
}

function glow(id: string, color: string, opacity: number) {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

function pottedPlant(x: number, floor: number, scale = 1) {
  return `<g transform="translate(${x} ${floor}) scale(${scale})">
    <ellipse cx="-34" cy="-150" rx="22" ry="62" transform="rotate(-28 -34 -150)" fill="${c.teal600}"/>
    <ellipse cx="32" cy="-160" rx="22" ry="66" transform="rotate(24 32 -160)" fill="${c.teal700}"/>
    <ellipse cx="0" cy="-185" rx="20" ry="72" fill="${c.teal600}"/>
    <ellipse cx="-50" cy="-105" rx="16" ry="44" transform="rotate(-55 -50 -105)" fill="${c.teal700}"/>
    <ellipse cx="48" cy="-108" rx="16" ry="44" transform="rotate(55 48 -108)" fill="${c.teal600}"/>
    <path d="M-44 -92 L44 -92 L34 0 L-34 0 Z" fill="${c.coral500}"/>
    <rect x="-48" y="-100" width="96" height="16" rx="4" fill="${c.coral700}"/>
  </g>`;
}

function tree(x: number, ground: number, size: number, crown: string) {
  return `<rect x="${x - size * 0.07}" y="${ground - size * 1.1}" width="${size * 0.14}" height="${size * 1.1}" rx="${size * 0.05}" fill="#8a6446"/>
    <circle cx="${x}" cy="${ground - size * 1.25}" r="${size * 0.62}" fill="${crown}"/>
    <circle cx="${x - size * 0.38}" cy="${ground - size * 1.0}" r="${size * 0.42}" fill="${crown}"/>
    <circle cx="${x + size * 0.4}" cy="${ground - size * 1.02}" r="${size * 0.44}" fill="${crown}"/>`;
}

/** A half-open door onto a warmly lit room with string lights, a coat hook and a plant. */
function openDoor() {
  const lights = Array.from({ length: 7 }, (_, i) => {
    const x = 664 + i * 22;
    const y = 176 + Math.sin(i * 0.9) * 10 + i * 3;
    return `<circle cx="${x}" cy="${y}" r="6" fill="${i % 2 ? c.coral300 : "#f6d08a"}"/>`;
  }).join("");
  return wide(
    linear("room", [
      [0, "#fdebc9"],
      [1, c.coral100],
    ]) + glow("warm", "#fde2b0", 0.55),
    `<rect width="1280" height="720" fill="${c.sand100}"/>
    <rect y="560" width="1280" height="160" fill="${c.sand200}"/>
    <rect y="552" width="1280" height="10" fill="${c.sand300}"/>
    <circle cx="725" cy="330" r="330" fill="url(#warm)"/>
    <rect x="500" y="100" width="320" height="462" fill="${c.sand300}"/>
    <rect x="520" y="120" width="280" height="440" fill="url(#room)"/>
    <path d="M650 170 Q725 215 800 186" stroke="${c.ink500}" stroke-width="2" fill="none"/>
    ${lights}
    <rect x="690" y="430" width="110" height="130" fill="${c.coral300}" opacity="0.55"/>
    <path d="M520 120 L652 98 L652 592 L520 560 Z" fill="${c.teal600}"/>
    <path d="M540 150 L632 136 L632 330 L540 336 Z M540 366 L632 362 L632 560 L540 540 Z" fill="${c.teal700}" opacity="0.55"/>
    <circle cx="634" cy="350" r="9" fill="${c.coral500}"/>
    <path d="M652 560 L800 560 L1010 720 L640 720 Z" fill="#fde9c6" opacity="0.75"/>
    <rect x="230" y="230" width="170" height="14" rx="7" fill="${c.teal800}"/>
    <circle cx="262" cy="252" r="7" fill="${c.teal800}"/><circle cx="366" cy="252" r="7" fill="${c.teal800}"/>
    <path d="M250 252 C236 300 236 380 248 440 L282 440 C274 380 276 300 276 252 Z" fill="${c.coral500}"/>
    <path d="M246 432 L250 462 M256 434 L258 466 M266 436 L266 464 M276 434 L278 462" stroke="${c.coral700}" stroke-width="4" stroke-linecap="round"/>
    <path d="M350 252 C320 268 304 300 304 340 L304 470 L420 470 L420 340 C420 300 402 268 380 252 Z" fill="${c.teal200}"/>
    <path d="M362 258 L362 470" stroke="${c.teal600}" stroke-width="3" opacity="0.5"/>
    <rect x="540" y="578" width="240" height="24" rx="6" fill="${c.coral500}" opacity="0.7"/>
    ${pottedPlant(1010, 562, 1.25)}`,
  );
}

/** A café table by a big window, with a single cup of coffee and an empty chair. */
function cafeTable() {
  const buildings = [
    [150, 330, 120, c.teal200],
    [272, 280, 150, "#c3e2da"],
    [424, 350, 110, c.teal200],
    [536, 300, 214, "#c3e2da"],
  ]
    .map(([x, y, w, fill]) => `<rect x="${x}" y="${y}" width="${w}" height="${510 - Number(y)}" fill="${fill}"/>`)
    .join("");
  const windows = Array.from({ length: 10 }, (_, i) => {
    const x = 300 + (i % 5) * 26 + (i % 5 > 2 ? 240 : 0);
    const y = 310 + Math.floor(i / 5) * 44;
    return `<rect x="${x}" y="${y}" width="14" height="22" fill="${c.white}" opacity="0.7"/>`;
  }).join("");
  return wide(
    linear("sky", [
      [0, c.teal50],
      [1, c.teal100],
    ]) + glow("lamp", "#fde2b0", 0.6),
    `<rect width="1280" height="720" fill="${c.sand100}"/>
    <rect y="600" width="1280" height="120" fill="${c.sand200}"/>
    <rect x="130" y="80" width="640" height="450" rx="6" fill="${c.sand50}"/>
    <rect x="150" y="100" width="600" height="410" fill="url(#sky)"/>
    ${buildings}${windows}
    <circle cx="230" cy="440" r="60" fill="${c.teal600}" opacity="0.75"/>
    <circle cx="660" cy="450" r="54" fill="${c.teal600}" opacity="0.75"/>
    <rect x="150" y="484" width="600" height="26" fill="${c.teal200}"/>
    <rect x="444" y="100" width="12" height="410" fill="${c.sand50}"/>
    <rect x="150" y="296" width="600" height="12" fill="${c.sand50}"/>
    <rect x="118" y="524" width="664" height="20" rx="4" fill="${c.sand300}"/>
    <circle cx="860" cy="250" r="260" fill="url(#lamp)"/>
    <path d="M860 0 L860 130" stroke="${c.ink700}" stroke-width="4"/>
    <path d="M800 180 Q860 100 920 180 Z" fill="${c.coral500}"/>
    <ellipse cx="860" cy="182" rx="22" ry="8" fill="#fde9c6"/>
    <path d="M1022 520 L1026 360 Q1075 326 1124 360 L1128 520" stroke="${c.ink700}" stroke-width="9" fill="none" stroke-linecap="round"/>
    <path d="M1040 380 L1110 380 M1040 420 L1110 420" stroke="${c.ink700}" stroke-width="5"/>
    <path d="M1024 532 L1014 660 M1126 532 L1136 660 M1056 536 L1050 640 M1094 536 L1100 640" stroke="${c.ink700}" stroke-width="8" stroke-linecap="round"/>
    <ellipse cx="1075" cy="526" rx="66" ry="15" fill="${c.coral500}"/>
    <rect x="832" y="486" width="16" height="124" fill="${c.ink700}"/>
    <ellipse cx="840" cy="614" rx="72" ry="13" fill="${c.ink700}"/>
    <ellipse cx="840" cy="478" rx="192" ry="40" fill="#d9d2c6"/>
    <ellipse cx="840" cy="470" rx="192" ry="38" fill="#eee9e1"/>
    <ellipse cx="862" cy="468" rx="54" ry="12" fill="${c.white}"/>
    <path d="M902 418 a18 18 0 1 1 0 32" stroke="${c.teal600}" stroke-width="9" fill="none"/>
    <path d="M826 400 L898 400 L890 454 Q862 470 834 454 Z" fill="${c.teal600}"/>
    <ellipse cx="862" cy="400" rx="36" ry="8" fill="#7a4e35"/>
    <path d="M850 384 C838 364 862 350 848 330 M874 384 C862 364 886 350 872 330" stroke="${c.white}" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.9"/>
    <rect x="770" y="440" width="18" height="28" rx="4" fill="${c.teal200}"/>
    <path d="M779 440 C779 410 788 398 794 384" stroke="${c.teal700}" stroke-width="3" fill="none"/>
    <path d="M779 430 C772 416 766 412 760 404" stroke="${c.teal700}" stroke-width="3" fill="none"/>
    <circle cx="794" cy="380" r="9" fill="${c.coral500}"/><circle cx="758" cy="401" r="7" fill="${c.coral300}"/>`,
  );
}

/** An armchair by a lit floor lamp; on the side table, an open laptop with a video call. */
function armchairLaptop() {
  const tiles = [0, 1, 2, 3]
    .map((i) => {
      const x = 804 + (i % 2) * 48;
      const y = 346 + Math.floor(i / 2) * 34;
      return `<rect x="${x}" y="${y}" width="44" height="30" rx="3" fill="${[c.teal200, c.coral100, c.sand200, c.teal100][i]}"/>
      <circle cx="${x + 22}" cy="${y + 12}" r="6" fill="${c.ink500}"/><path d="M${x + 10} ${y + 30} Q${x + 22} ${y + 16} ${x + 34} ${y + 30} Z" fill="${c.ink500}"/>`;
    })
    .join("");
  return wide(
    glow("lamp", "#fde2b0", 0.75),
    `<rect width="1280" height="720" fill="${c.teal50}"/>
    <rect y="590" width="1280" height="130" fill="${c.sand200}"/>
    <ellipse cx="560" cy="652" rx="440" ry="46" fill="${c.coral100}"/>
    <rect x="880" y="140" width="200" height="140" rx="4" fill="${c.sand50}" stroke="${c.woodDark}" stroke-width="8"/>
    <path d="M900 262 L960 196 L1000 236 L1024 214 L1062 262 Z" fill="${c.teal200}"/>
    <circle cx="1030" cy="178" r="14" fill="${c.coral300}"/>
    <circle cx="210" cy="250" r="240" fill="url(#lamp)"/>
    <ellipse cx="210" cy="604" rx="52" ry="10" fill="${c.ink700}"/>
    <rect x="206" y="230" width="8" height="374" fill="${c.ink700}"/>
    <path d="M148 236 L272 236 L246 150 L174 150 Z" fill="${c.coral100}" stroke="${c.coral300}" stroke-width="4"/>
    <rect x="360" y="250" width="310" height="280" rx="60" fill="${c.teal600}"/>
    <rect x="384" y="430" width="262" height="112" rx="26" fill="#3f8f7e"/>
    <rect x="320" y="380" width="86" height="200" rx="38" fill="${c.teal700}"/>
    <rect x="624" y="380" width="86" height="200" rx="38" fill="${c.teal700}"/>
    <rect x="420" y="332" width="120" height="96" rx="24" transform="rotate(-10 480 380)" fill="${c.coral500}"/>
    <rect x="344" y="576" width="18" height="34" rx="4" fill="${c.ink700}"/><rect x="668" y="576" width="18" height="34" rx="4" fill="${c.ink700}"/>
    <rect x="750" y="432" width="210" height="16" rx="6" fill="${c.woodDark}"/>
    <rect x="768" y="448" width="12" height="160" fill="${c.woodDark}"/><rect x="930" y="448" width="12" height="160" fill="${c.woodDark}"/>
    <rect x="770" y="528" width="170" height="10" fill="${c.woodDark}" opacity="0.8"/>
    <rect x="794" y="334" width="112" height="90" rx="6" fill="${c.ink900}"/>
    <rect x="800" y="340" width="100" height="78" fill="${c.ink700}"/>
    ${tiles}
    <path d="M784 424 L916 424 L930 434 L770 434 Z" fill="${c.ink500}"/>
    ${pottedPlant(1140, 592, 1.1)}`,
  );
}

/** A window at dusk over a city skyline with a few lit windows; a plant and a mug on the sill. */
function duskSkyline() {
  const skyline = [
    [210, 360, 90],
    [300, 300, 70],
    [370, 400, 110],
    [480, 250, 80],
    [560, 340, 120],
    [680, 290, 70],
    [750, 380, 100],
    [850, 230, 90],
    [940, 330, 140],
  ]
    .map(([x, y, w]) => `<rect x="${x}" y="${y}" width="${w}" height="${560 - y!}" fill="#2a3b40"/>`)
    .join("");
  const lit = [
    [228, 384],
    [252, 420],
    [318, 330],
    [396, 428],
    [420, 470],
    [500, 280],
    [500, 340],
    [584, 372],
    [620, 420],
    [700, 320],
    [772, 410],
    [872, 260],
    [900, 320],
    [872, 400],
    [968, 360],
    [1010, 420],
    [1040, 360],
  ]
    .map(([x, y], i) => `<rect x="${x}" y="${y}" width="14" height="18" fill="${i % 3 ? c.coral100 : "#f6d08a"}" opacity="0.9"/>`)
    .join("");
  return wide(
    linear("dusk", [
      [0, "#2d5a5a"],
      [0.5, c.coral300],
      [0.85, c.coral100],
    ]),
    `<rect width="1280" height="720" fill="${c.ink700}"/>
    <rect x="190" y="60" width="900" height="500" fill="url(#dusk)"/>
    <circle cx="300" cy="120" r="2.5" fill="${c.white}" opacity="0.7"/><circle cx="420" cy="90" r="2" fill="${c.white}" opacity="0.6"/>
    <circle cx="980" cy="110" r="2.5" fill="${c.white}" opacity="0.7"/><circle cx="820" cy="150" r="2" fill="${c.white}" opacity="0.5"/>
    <circle cx="760" cy="420" r="66" fill="${c.coral100}" opacity="0.9"/>
    ${skyline}${lit}
    <rect x="190" y="60" width="900" height="500" fill="none" stroke="#52636a" stroke-width="20"/>
    <rect x="630" y="60" width="20" height="500" fill="#52636a"/>
    <rect x="160" y="556" width="960" height="26" rx="4" fill="#5d6e74"/>
    <rect y="582" width="1280" height="138" fill="#33403f" opacity="0.5"/>
    ${pottedPlant(310, 558, 0.8)}
    <rect x="930" y="500" width="56" height="58" rx="8" fill="${c.coral500}"/>
    <path d="M986 514 a14 14 0 1 1 0 28" stroke="${c.coral500}" stroke-width="8" fill="none"/>`,
  );
}

/** A table set for one under a lit pendant lamp, a second chair left empty, a night window. */
function tableForOne() {
  const chair = (x: number) => `<rect x="${x}" y="350" width="14" height="120" rx="5" fill="${c.teal700}"/>
    <rect x="${x + 106}" y="350" width="14" height="120" rx="5" fill="${c.teal700}"/>
    <rect x="${x - 6}" y="340" width="132" height="30" rx="12" fill="${c.teal600}"/>
    <path d="M${x + 40} 370 L${x + 40} 470 M${x + 80} 370 L${x + 80} 470" stroke="${c.teal700}" stroke-width="8"/>`;
  return wide(
    linear("night", [
      [0, "#2a4750"],
      [1, "#3f6a6a"],
    ]),
    `<rect width="1280" height="720" fill="${c.sand100}"/>
    <rect y="610" width="1280" height="110" fill="${c.sand200}"/>
    <rect x="980" y="110" width="210" height="250" rx="4" fill="url(#night)" stroke="${c.sand50}" stroke-width="14"/>
    <path d="M1085 110 L1085 360" stroke="${c.sand50}" stroke-width="8"/>
    <circle cx="1040" cy="170" r="20" fill="${c.coral100}"/><circle cx="1050" cy="164" r="18" fill="#2c4c54"/>
    <circle cx="1140" cy="220" r="2.5" fill="${c.white}"/><circle cx="1120" cy="160" r="2" fill="${c.white}"/>
    <path d="M560 210 L720 210 L940 600 L340 600 Z" fill="#fff3df" opacity="0.6"/>
    ${chair(430)}${chair(730)}
    <path d="M640 0 L640 140" stroke="${c.ink700}" stroke-width="4"/>
    <path d="M560 214 Q640 110 720 214 Z" fill="${c.teal700}"/>
    <ellipse cx="640" cy="216" rx="28" ry="9" fill="#fde9c6"/>
    <path d="M330 470 L950 470 L1010 520 L270 520 Z" fill="${c.wood}"/>
    <rect x="270" y="520" width="740" height="22" fill="${c.woodDark}"/>
    <rect x="300" y="542" width="20" height="120" fill="${c.woodDark}"/><rect x="960" y="542" width="20" height="120" fill="${c.woodDark}"/>
    <ellipse cx="490" cy="497" rx="84" ry="19" fill="${c.white}"/>
    <ellipse cx="490" cy="496" rx="56" ry="12" fill="${c.sand100}"/>
    <path d="M386 484 L376 512 M596 484 L604 512" stroke="${c.ink500}" stroke-width="6" stroke-linecap="round"/>
    <path d="M618 432 L650 432 L646 486 L622 486 Z" fill="${c.teal100}" stroke="${c.teal600}" stroke-width="3" opacity="0.9"/>
    <path d="M344 486 L372 486 L362 512 L330 512 Z" fill="${c.coral500}"/>`,
  );
}

/** Eight chairs in a circle on a round rug, seen from above, with a plant in the middle. */
function chairCircle() {
  const chairs = Array.from({ length: 8 }, (_, i) => {
    const angle = i * 45 + 22.5;
    const seat = i === 0 ? c.coral500 : i % 2 ? c.teal600 : "#3f8f7e";
    return `<g transform="rotate(${angle} 640 360)">
      <rect x="594" y="72" width="92" height="80" rx="18" fill="${seat}"/>
      <rect x="588" y="52" width="104" height="22" rx="11" fill="${c.teal800}"/>
    </g>`;
  }).join("");
  const planks = Array.from({ length: 9 }, (_, i) => `<path d="M0 ${i * 80 + 40} L1280 ${i * 80 + 40}" stroke="#dfcfb4" stroke-width="3"/>`).join("");
  const leaves = Array.from(
    { length: 8 },
    (_, i) => `<ellipse cx="640" cy="330" rx="13" ry="30" transform="rotate(${i * 45} 640 360)" fill="${i % 2 ? c.teal600 : c.teal700}"/>`,
  ).join("");
  return wide(
    "",
    `<rect width="1280" height="720" fill="#ece0cb"/>${planks}
    <path d="M80 0 L300 0 L520 720 L300 720 Z" fill="${c.white}" opacity="0.22"/>
    <circle cx="640" cy="360" r="262" fill="${c.teal100}"/>
    <circle cx="640" cy="360" r="232" fill="none" stroke="${c.teal200}" stroke-width="6"/>
    ${chairs}
    <circle cx="640" cy="360" r="56" fill="${c.wood}"/>
    <circle cx="640" cy="360" r="34" fill="${c.coral500}"/>
    ${leaves}
    <circle cx="1130" cy="120" r="58" fill="${c.coral500}"/><circle cx="1130" cy="120" r="40" fill="${c.teal700}"/>
    <circle cx="1112" cy="106" r="18" fill="${c.teal600}"/><circle cx="1146" cy="130" r="16" fill="${c.teal600}"/>
    <circle cx="150" cy="600" r="48" fill="${c.coral700}"/><circle cx="150" cy="600" r="32" fill="${c.teal600}"/>`,
  );
}

/** A laptop on a desk showing a group video call: eight tiles with stylized figures. */
function videoCallGrid() {
  const backgrounds = [c.teal100, c.coral100, c.sand200, "#dfe8f5", "#e5efd9", c.teal200, "#efe3f1", c.sand100];
  const heads = ["#e8c4a6", "#a8704f", "#d7a27c", "#f0d2b8", "#c98e66", "#edc3a0", "#8a5a3b", "#e0b08a"];
  const shirts = [c.teal600, c.coral500, c.ink700, c.teal700, c.coral700, "#3f8f7e", c.teal800, c.ink500];
  const hair = ["#4a3024", "#1f1a17", "#8a5a3b", "#2b211c", "#6b4a33", "#3b2a20", "#1f1a17", "#a07050"];
  const tiles = backgrounds
    .map((background, i) => {
      const x = 284 + (i % 4) * 180;
      const y = 104 + Math.floor(i / 4) * 178;
      const cx = x + 85;
      const speaking = i === 5 ? `<rect x="${x}" y="${y}" width="170" height="168" rx="12" fill="none" stroke="${c.coral500}" stroke-width="6"/>` : "";
      return `<rect x="${x}" y="${y}" width="170" height="168" rx="12" fill="${background}"/>
      <path d="M${cx - 52} ${y + 168} Q${cx - 50} ${y + 112} ${cx} ${y + 110} Q${cx + 50} ${y + 112} ${cx + 52} ${y + 168} Z" fill="${shirts[i]}"/>
      <circle cx="${cx}" cy="${y + 76}" r="30" fill="${heads[i]}"/>
      <path d="M${cx - 31} ${y + 72} Q${cx - 30} ${y + 40} ${cx} ${y + 42} Q${cx + 30} ${y + 40} ${cx + 31} ${y + 72} Q${cx} ${y + 54} ${cx - 31} ${y + 72} Z" fill="${hair[i]}"/>
      ${speaking}`;
    })
    .join("");
  return wide(
    "",
    `<rect width="1280" height="720" fill="${c.teal50}"/>
    <rect y="560" width="1280" height="160" fill="${c.wood}"/>
    <rect y="560" width="1280" height="8" fill="${c.woodDark}" opacity="0.5"/>
    <rect x="250" y="70" width="780" height="486" rx="22" fill="${c.ink900}"/>
    <rect x="272" y="92" width="736" height="442" rx="6" fill="#2a3a3e"/>
    ${tiles}
    <circle cx="596" cy="478" r="16" fill="${c.ink500}"/><rect x="592" y="468" width="8" height="14" rx="4" fill="${c.white}"/>
    <circle cx="640" cy="478" r="16" fill="${c.ink500}"/><rect x="630" y="472" width="14" height="12" rx="2" fill="${c.white}"/><path d="M644 478 L652 472 L652 484 Z" fill="${c.white}"/>
    <rect x="670" y="464" width="52" height="28" rx="14" fill="${c.coral700}"/>
    <path d="M180 556 L1100 556 L1140 590 L140 590 Z" fill="#c7cdd0"/>
    <rect x="580" y="556" width="120" height="10" rx="5" fill="#aab2b6"/>
    <rect x="1120" y="470" width="70" height="86" rx="10" fill="${c.coral500}"/>
    <path d="M1190 488 a18 18 0 1 1 0 40" stroke="${c.coral500}" stroke-width="9" fill="none"/>
    ${pottedPlant(130, 560, 1)}`,
  );
}

/** An open notebook with handwriting and a pen beside a cup of tea, on a wooden desk from above. */
function notebookTea() {
  const rules = Array.from({ length: 11 }, (_, i) => {
    const y = 200 + i * 32;
    return `<path d="M318 ${y} L560 ${y} M600 ${y} L842 ${y}" stroke="${c.teal100}" stroke-width="2"/>`;
  }).join("");
  const writing = [0, 1, 2, 3, 5, 6, 7]
    .map((line) => {
      const y = 194 + line * 32;
      const end = 420 + ((line * 53) % 130);
      return `<path d="M330 ${y} Q${(330 + end) / 2} ${y - 10} ${end} ${y}" stroke="${c.ink500}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
    })
    .join("");
  const grain = [90, 250, 610, 660]
    .map((y) => `<path d="M0 ${y} C300 ${y - 20} 700 ${y + 24} 1280 ${y - 6}" stroke="#c99d72" stroke-width="3" fill="none" opacity="0.6"/>`)
    .join("");
  return wide(
    "",
    `<rect width="1280" height="720" fill="${c.wood}"/>${grain}
    <g transform="rotate(-4 580 360)">
      <rect x="284" y="136" width="592" height="432" rx="14" fill="${c.coral700}"/>
      <rect x="300" y="150" width="280" height="404" rx="6" fill="${c.sand50}"/>
      <rect x="580" y="150" width="280" height="404" rx="6" fill="${c.sand50}"/>
      <rect x="566" y="150" width="28" height="404" fill="${c.sand200}" opacity="0.8"/>
      ${rules}${writing}
      <path d="M618 226 l12 12 l22 -26" stroke="${c.teal600}" stroke-width="4" fill="none" stroke-linecap="round"/>
      <path d="M618 290 l12 12 l22 -26" stroke="${c.teal600}" stroke-width="4" fill="none" stroke-linecap="round"/>
      <path d="M670 228 L800 228 M670 292 L780 292" stroke="${c.ink500}" stroke-width="3" stroke-linecap="round"/>
    </g>
    <g transform="rotate(38 780 430)">
      <rect x="660" y="422" width="250" height="18" rx="9" fill="${c.teal700}"/>
      <rect x="660" y="422" width="60" height="18" rx="9" fill="${c.ink700}"/>
      <path d="M910 422 L946 431 L910 440 Z" fill="${c.sand300}"/>
      <rect x="846" y="418" width="8" height="26" rx="3" fill="${c.sand300}"/>
    </g>
    <circle cx="1040" cy="260" r="104" fill="${c.white}"/>
    <circle cx="1040" cy="260" r="80" fill="${c.sand100}"/>
    <rect x="1112" y="244" width="56" height="32" rx="14" fill="${c.teal600}"/>
    <circle cx="1040" cy="260" r="66" fill="${c.teal600}"/>
    <circle cx="1040" cy="260" r="54" fill="#c58a4f"/>
    <ellipse cx="1024" cy="244" rx="18" ry="10" fill="#d9a56d" opacity="0.8"/>
    <path d="M1010 226 C980 180 1000 140 960 110" stroke="${c.sand50}" stroke-width="3" fill="none"/>
    <rect x="936" y="86" width="40" height="34" rx="4" transform="rotate(-14 956 103)" fill="${c.coral500}"/>
    <ellipse cx="1100" cy="560" rx="16" ry="38" transform="rotate(40 1100 560)" fill="${c.teal600}"/>
    <ellipse cx="1140" cy="590" rx="14" ry="34" transform="rotate(-30 1140 590)" fill="${c.teal700}"/>
    <path d="M1080 640 C1110 600 1130 590 1160 550" stroke="${c.teal800}" stroke-width="4" fill="none"/>`,
  );
}

/** A path winding through green hills toward the rising sun. */
function hillsPath() {
  return wide(
    linear("dawn", [
      [0, c.teal50],
      [0.75, c.coral100],
      [1, "#f8d2bf"],
    ]) + glow("sun", "#fbd6bd", 0.9),
    `<rect width="1280" height="720" fill="url(#dawn)"/>
    <circle cx="800" cy="340" r="200" fill="url(#sun)"/>
    <circle cx="800" cy="340" r="72" fill="#fbe0cc"/>
    <path d="M560 150 l14 10 l14 -10 M610 120 l11 8 l11 -8" stroke="${c.ink500}" stroke-width="3" fill="none" stroke-linecap="round"/>
    <path d="M0 390 C200 330 380 360 560 380 C760 400 980 330 1280 360 L1280 720 L0 720 Z" fill="${c.teal200}"/>
    <path d="M0 470 C240 400 460 420 640 440 C860 462 1060 400 1280 430 L1280 720 L0 720 Z" fill="${c.teal600}"/>
    <path d="M0 560 C280 500 520 520 700 540 C920 560 1100 500 1280 520 L1280 720 L0 720 Z" fill="${c.teal700}"/>
    <path d="M770 392 C742 420 700 436 690 462 C676 500 800 520 760 570 C720 620 520 640 470 720 L760 720 C770 660 900 630 880 560 C866 510 740 492 760 462 C772 440 792 420 786 392 Z" fill="${c.sand200}"/>
    ${tree(300, 452, 34, c.teal800)}${tree(1020, 430, 30, c.teal800)}${tree(1120, 520, 46, c.teal800)}${tree(170, 560, 52, c.teal800)}`,
  );
}

/** An alarm clock and a closed agenda with a pencil on a desk, morning light from a window. */
function clockAgenda() {
  const ticks = Array.from(
    { length: 12 },
    (_, i) => `<rect x="816" y="352" width="6" height="${i % 3 ? 8 : 14}" rx="2" transform="rotate(${i * 30} 819 420)" fill="${c.ink700}"/>`,
  ).join("");
  return wide(
    linear("morning", [
      [0, c.teal100],
      [1, c.coral100],
    ]),
    `<rect width="1280" height="720" fill="${c.sand100}"/>
    <rect x="860" y="60" width="340" height="360" rx="4" fill="url(#morning)" stroke="${c.sand50}" stroke-width="16"/>
    <path d="M1030 60 L1030 420 M860 240 L1200 240" stroke="${c.sand50}" stroke-width="10"/>
    <circle cx="940" cy="350" r="44" fill="#fde9c6"/>
    <path d="M860 420 L1200 420 L760 720 L200 720 Z" fill="${c.white}" opacity="0.3"/>
    <rect y="500" width="1280" height="220" fill="${c.wood}"/>
    <rect y="500" width="1280" height="10" fill="${c.woodDark}" opacity="0.5"/>
    <path d="M420 580 L414 628 L427 618 L440 628 L436 580 Z" fill="${c.teal600}"/>
    <path d="M256 560 L684 560 L684 588 Q470 596 256 588 Z" fill="${c.coral700}"/>
    <path d="M264 558 L676 558 L676 580 L264 580 Z" fill="${c.sand50}"/>
    <path d="M264 566 L676 566 M264 573 L676 573" stroke="${c.sand200}" stroke-width="2"/>
    <path d="M300 480 L640 480 L684 560 L256 560 Z" fill="${c.coral500}"/>
    <path d="M594 480 L610 480 L656 588 L640 588 Z" fill="${c.ink700}"/>
    <path d="M360 510 L470 510" stroke="${c.coral100}" stroke-width="6" stroke-linecap="round" opacity="0.8"/>
    <g transform="rotate(-8 500 640)"><rect x="360" y="630" width="260" height="14" rx="3" fill="#f2c14e"/><path d="M620 630 L650 637 L620 644 Z" fill="${c.sand300}"/><rect x="352" y="630" width="14" height="14" rx="3" fill="${c.coral300}"/></g>
    <circle cx="764" cy="336" r="26" fill="${c.coral500}"/><circle cx="874" cy="336" r="26" fill="${c.coral500}"/>
    <path d="M780 494 L760 520 M858 494 L878 520" stroke="${c.ink700}" stroke-width="10" stroke-linecap="round"/>
    <circle cx="819" cy="420" r="86" fill="${c.teal600}"/>
    <circle cx="819" cy="420" r="68" fill="${c.sand50}"/>
    ${ticks}
    <path d="M819 420 L819 368" stroke="${c.ink900}" stroke-width="6" stroke-linecap="round"/>
    <path d="M819 420 L790 440" stroke="${c.ink900}" stroke-width="8" stroke-linecap="round"/>
    <circle cx="819" cy="420" r="7" fill="${c.coral700}"/>
    ${pottedPlant(1130, 502, 0.7)}`,
  );
}

/** A wall of framed pictures (mountains, a house, a beach, two rings...) above a sideboard. */
function galleryWall() {
  const frame = (x: number, y: number, w: number, h: number, art: string, border: string = c.ink700) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${border}"/>
    <rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" fill="${c.sand50}"/>
    <g transform="translate(${x + w / 2} ${y + h / 2})">${art}</g>`;
  const mountains = `<rect x="-60" y="-50" width="120" height="100" fill="${c.teal100}"/><path d="M-60 50 L-20 -10 L10 20 L30 0 L60 50 Z" fill="${c.teal600}"/><circle cx="30" cy="-26" r="12" fill="${c.coral300}"/>`;
  const house = `<rect x="-60" y="-70" width="120" height="140" fill="${c.coral100}"/><path d="M-40 10 L0 -34 L40 10 Z" fill="${c.coral700}"/><rect x="-30" y="10" width="60" height="46" fill="${c.sand50}"/><rect x="-8" y="26" width="16" height="30" fill="${c.teal600}"/>`;
  const beach = `<rect x="-90" y="-50" width="180" height="100" fill="#dfe8f5"/><rect x="-90" y="10" width="180" height="40" fill="${c.teal200}"/><path d="M-90 34 Q0 20 90 40 L90 50 L-90 50 Z" fill="${c.sand200}"/><path d="M40 40 Q44 0 30 -30" stroke="#8a6446" stroke-width="6" fill="none"/><path d="M30 -30 q-30 -8 -44 10 M30 -30 q30 -10 42 8 M30 -30 q-6 -24 -28 -28" stroke="${c.teal700}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
  const rings = `<rect x="-50" y="-50" width="100" height="100" fill="#efe3f1"/><circle cx="-12" cy="4" r="22" fill="none" stroke="#d8a93a" stroke-width="7"/><circle cx="14" cy="4" r="22" fill="none" stroke="#d8a93a" stroke-width="7"/>`;
  const plane = `<rect x="-70" y="-46" width="140" height="92" fill="${c.teal50}"/><path d="M-40 10 L40 -14 L46 -6 L-30 20 Z M0 -2 L-6 -30 L6 -30 L14 -6 M-24 14 L-34 2 L-28 0 L-16 10" fill="${c.ink500}"/><path d="M-60 30 Q-20 18 20 30" stroke="${c.white}" stroke-width="6" fill="none"/>`;
  const trophy = `<rect x="-44" y="-56" width="88" height="112" fill="${c.coral100}"/><path d="M-22 -30 L22 -30 L16 4 Q0 16 -16 4 Z" fill="#d8a93a"/><rect x="-4" y="10" width="8" height="18" fill="#d8a93a"/><rect x="-18" y="28" width="36" height="8" fill="${c.ink700}"/>`;
  const cake = `<rect x="-56" y="-46" width="112" height="92" fill="${c.teal100}"/><rect x="-30" y="0" width="60" height="30" rx="4" fill="${c.coral300}"/><rect x="-30" y="-4" width="60" height="10" rx="4" fill="${c.white}"/><rect x="-3" y="-24" width="6" height="20" fill="${c.teal600}"/><ellipse cx="0" cy="-30" rx="4" ry="7" fill="#f2c14e"/>`;
  return wide(
    "",
    `<rect width="1280" height="720" fill="${c.teal50}"/>
    ${frame(250, 60, 180, 140, mountains)}
    ${frame(450, 40, 150, 180, house, c.woodDark)}
    ${frame(620, 60, 220, 140, beach)}
    ${frame(860, 50, 140, 140, rings, c.sand300)}
    ${frame(290, 220, 150, 110, plane, c.sand300)}
    ${frame(460, 240, 120, 130, trophy)}
    ${frame(600, 220, 150, 120, cake, c.woodDark)}
    ${frame(770, 210, 200, 150, mountains.replace(c.teal600, c.coral500), c.ink700)}
    <rect y="660" width="1280" height="60" fill="${c.sand200}"/>
    <rect x="300" y="510" width="680" height="26" rx="6" fill="${c.woodDark}"/>
    <rect x="320" y="536" width="640" height="124" fill="${c.wood}"/>
    <path d="M640 536 L640 660 M480 590 L480 610 M800 590 L800 610" stroke="${c.woodDark}" stroke-width="5" stroke-linecap="round"/>
    ${pottedPlant(920, 512, 0.6)}
    <rect x="376" y="424" width="8" height="86" fill="${c.ink700}"/><ellipse cx="380" cy="510" rx="34" ry="7" fill="${c.ink700}"/>
    <path d="M332 430 L428 430 L410 374 L350 374 Z" fill="${c.coral100}" stroke="${c.coral300}" stroke-width="3"/>
    <rect x="520" y="470" width="90" height="16" rx="2" fill="${c.teal600}"/><rect x="526" y="454" width="80" height="16" rx="2" fill="${c.coral500}"/><rect x="516" y="486" width="98" height="24" rx="2" fill="${c.sand300}"/>`,
  );
}

/** A smartphone glowing on a bedside table in a dark bedroom, the moon in the window. */
function phoneAtNight() {
  const feed = [0, 1, 2]
    .map(
      (i) => `<rect x="664" y="${318 + i * 52}" width="82" height="44" rx="5" fill="${[c.coral300, c.teal200, "#dfe8f5"][i]}"/>
      <path d="M${670 + 0} ${358 + i * 52} L${690} ${338 + i * 52} L${706} ${352 + i * 52} L${718} ${342 + i * 52} L${740} ${358 + i * 52} Z" fill="${c.white}" opacity="0.7"/>`,
    )
    .join("");
  return wide(
    linear("room", [
      [0, "#1b2b30"],
      [1, "#25393c"],
    ]) +
      linear("moonlight", [
        [0, "#2c4650"],
        [1, "#3b5b62"],
      ]) +
      glow("screen", "#e8f6f2", 0.55),
    `<rect width="1280" height="720" fill="url(#room)"/>
    <rect x="120" y="80" width="340" height="300" rx="4" fill="url(#moonlight)" stroke="#3a4b4f" stroke-width="14"/>
    <path d="M290 80 L290 380" stroke="#3a4b4f" stroke-width="8"/>
    <circle cx="220" cy="160" r="30" fill="${c.coral100}" opacity="0.9"/><circle cx="234" cy="152" r="26" fill="#2e4a54"/>
    <circle cx="380" cy="130" r="2.5" fill="${c.white}" opacity="0.8"/><circle cx="340" cy="220" r="2" fill="${c.white}" opacity="0.6"/><circle cx="410" cy="300" r="2" fill="${c.white}" opacity="0.7"/>
    <path d="M96 70 L150 70 L140 420 L96 420 Z M430 70 L484 70 L484 420 L440 420 Z" fill="${c.teal800}" opacity="0.8"/>
    <rect x="900" y="380" width="420" height="340" rx="24" fill="#31474a"/>
    <rect x="930" y="330" width="260" height="90" rx="40" fill="#58706f"/>
    <rect x="880" y="470" width="420" height="250" fill="#3c5556"/>
    <circle cx="705" cy="390" r="260" fill="url(#screen)"/>
    <rect x="430" y="482" width="430" height="24" rx="6" fill="#6f5540"/>
    <rect x="450" y="506" width="390" height="214" fill="#5c4736"/>
    <path d="M470 600 L820 600" stroke="#4b3a2c" stroke-width="4"/><circle cx="645" cy="566" r="7" fill="#8a6a4f"/>
    <ellipse cx="520" cy="482" rx="36" ry="8" fill="#4b5b5e"/><rect x="516" y="380" width="8" height="100" fill="#4b5b5e"/>
    <path d="M470 386 L570 386 L552 320 L488 320 Z" fill="#4a6364"/>
    <path d="M690 482 L720 482 L712 470 L698 470 Z" fill="${c.ink900}"/>
    <rect x="650" y="290" width="110" height="186" rx="16" fill="${c.ink900}"/>
    <rect x="658" y="300" width="94" height="166" rx="10" fill="${c.sand50}"/>
    ${feed}
    <path d="M712 476 C716 560 760 600 800 720" stroke="${c.ink900}" stroke-width="4" fill="none"/>`,
  );
}

/** A park bench under the trees with two takeaway cups on the seat. */
function benchCups() {
  const cup = (x: number, sleeve: string) => `<path d="M${x - 20} 430 L${x + 20} 430 L${x + 15} 490 L${x - 15} 490 Z" fill="${c.white}"/>
    <path d="M${x - 18} 450 L${x + 18} 450 L${x + 16} 472 L${x - 16} 472 Z" fill="${sleeve}"/>
    <rect x="${x - 23}" y="422" width="46" height="12" rx="4" fill="${c.ink700}"/>`;
  return wide(
    linear("sky", [
      [0, c.teal50],
      [1, c.sand50],
    ]),
    `<rect width="1280" height="720" fill="url(#sky)"/>
    <circle cx="180" cy="380" r="80" fill="${c.teal200}"/><circle cx="300" cy="400" r="64" fill="${c.teal200}"/>
    <circle cx="1000" cy="390" r="84" fill="${c.teal200}"/><circle cx="1120" cy="370" r="70" fill="${c.teal200}"/>
    <rect y="420" width="1280" height="300" fill="${c.teal100}"/>
    <path d="M0 640 C300 590 900 600 1280 560 L1280 720 L0 720 Z" fill="${c.sand200}"/>
    ${tree(150, 600, 110, c.teal600)}${tree(1130, 580, 120, c.teal700)}
    <rect x="960" y="250" width="10" height="330" fill="${c.ink700}"/>
    <path d="M945 250 L985 250 L975 220 L955 220 Z" fill="${c.ink700}"/><rect x="955" y="232" width="20" height="16" fill="#fde9c6"/>
    <path d="M390 560 L396 620 M890 560 L884 620" stroke="${c.ink700}" stroke-width="12" stroke-linecap="round"/>
    <rect x="380" y="330" width="520" height="28" rx="8" fill="${c.woodDark}"/>
    <rect x="380" y="368" width="520" height="28" rx="8" fill="${c.woodDark}"/>
    <rect x="400" y="396" width="12" height="100" fill="${c.ink700}"/><rect x="868" y="396" width="12" height="100" fill="${c.ink700}"/>
    <path d="M360 490 L920 490 L900 540 L380 540 Z" fill="${c.wood}"/>
    <path d="M380 514 L900 514" stroke="${c.woodDark}" stroke-width="4"/>
    <path d="M372 480 Q372 440 410 430 M908 480 Q908 440 870 430" stroke="${c.ink700}" stroke-width="10" fill="none" stroke-linecap="round"/>
    ${cup(590, c.coral500)}${cup(680, c.teal600)}
    <circle cx="250" cy="660" r="6" fill="${c.coral300}"/><circle cx="272" cy="670" r="5" fill="${c.white}"/><circle cx="1030" cy="640" r="6" fill="${c.coral300}"/><circle cx="1050" cy="652" r="5" fill="${c.white}"/>`,
  );
}

interface PostIllustrations {
  cover: () => string;
  /** In the order of the post's images_data. */
  images: (() => string)[];
}

/** The drawing behind each demo post's cover and paragraph images, by slug. */
export const postIllustrations: Record<string, PostIllustrations> = {
  "ansia-sociale-cos-e-come-affrontarla": { cover: openDoor, images: [cafeTable, armchairLaptop] },
  "solitudine-a-trent-anni": { cover: duskSkyline, images: [tableForOne] },
  "perche-la-terapia-di-gruppo-funziona": { cover: chairCircle, images: [videoCallGrid, notebookTea] },
  "ansia-per-il-futuro": { cover: hillsPath, images: [clockAgenda] },
  "confronto-sui-social": { cover: galleryWall, images: [phoneAtNight, benchCups] },
};

const monogramTones = [
  { from: c.teal100, to: c.sand100, ink: c.teal800 },
  { from: c.coral100, to: c.sand100, ink: c.coral700 },
  { from: c.sand200, to: c.teal50, ink: c.teal700 },
  { from: c.teal50, to: c.teal200, ink: c.teal800 },
  { from: "#efe3f1", to: c.coral100, ink: c.ink700 },
  { from: c.sand100, to: c.teal100, ink: c.teal700 },
];

/**
 * A therapist's monogram card (initials in a serif on a soft gradient with faint rings), shown
 * in place of a portrait when there is no photo of the real person.
 */
export function monogramSvg(name: string, index: number) {
  const tone = monogramTones[index % monogramTones.length]!;
  const rings = [140, 220, 300, 380, 460, 540]
    .map((r) => `<circle cx="${SQUARE}" cy="${SQUARE}" r="${r}" fill="none" stroke="${c.white}" stroke-width="3" opacity="0.6"/>`)
    .join("");
  // Set above the middle: some lists crop the square to 4:3 from the top, and it must read in both.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SQUARE}" height="${SQUARE}" viewBox="0 0 ${SQUARE} ${SQUARE}">
  <defs>${linear(
    "tone",
    [
      [0, tone.from],
      [1, tone.to],
    ],
    false,
  )}</defs>
  <rect width="${SQUARE}" height="${SQUARE}" fill="url(#tone)"/>
  ${rings}
  <text x="320" y="322" text-anchor="middle" font-family="Georgia, 'Times New Roman', 'DejaVu Serif', 'Liberation Serif', serif" font-size="176" letter-spacing="6" fill="${tone.ink}">${initialsOf(name)}</text>
  <rect x="290" y="362" width="60" height="3" rx="1.5" fill="${tone.ink}" opacity="0.45"/>
</svg>`;
}
