import type { Fixtures, Region } from './fixtures.ts';

/** What an address search resolved to: its region code and the address as the service writes it. */
export interface Resolved {
  region: string;
  result: string;
}

// Spec 2.7: "two numbers separated by a comma, latitude first"; spaces around them are tolerated.
const COORDINATES = /^\s*([-+]?\d+(?:\.\d+)?)\s*,\s*([-+]?\d+(?:\.\d+)?)\s*$/;

export function parseCoordinates(search: string): { lat: number; lon: number } | undefined {
  const m = COORDINATES.exec(search);
  return m ? { lat: Number(m[1]), lon: Number(m[2]) } : undefined;
}

/** README: the first two digits of a CLADR street code are its region. */
export function streetRegion(code: string): string {
  return code.slice(0, 2);
}

export function resolveSearch(search: string, fx: Fixtures): Resolved | undefined {
  const point = parseCoordinates(search);
  return point ? resolvePoint(point, fx) : resolveText(search, fx);
}

function resolvePoint(p: { lat: number; lon: number }, fx: Fixtures): Resolved | undefined {
  for (const [code, r] of Object.entries(fx.regions)) {
    const b = r.box;
    if (p.lat >= b.latMin && p.lat <= b.latMax && p.lon >= b.lonMin && p.lon <= b.lonMax) {
      return { region: code, result: `${r.name}, ${p.lat}, ${p.lon}` };
    }
  }
  return undefined;
}

/**
 * Text form (spec 2.7): comma-separated elements, one of them the city. Elements before the
 * city (country, region, postcode) give way to the region's own name; the ones after it stay.
 */
function resolveText(search: string, fx: Fixtures): Resolved | undefined {
  const elements = search.split(',').map((e) => e.trim());
  const regions = citiesOf(fx);
  for (let i = 0; i < elements.length; i++) {
    const name = folded(cityName(elements[i] ?? ''));
    for (const { code, r, names } of regions) {
      const at = names.indexOf(name);
      if (at < 0) continue;
      const city = r.cities[at]!;
      const head = r.name === `г. ${city}` ? [r.name] : [r.name, `г. ${city}`];
      const rest = elements.slice(i + 1).filter((e) => e !== '');
      return { region: code, result: [...head, ...rest].join(', ') };
    }
  }
  return undefined;
}

function cityName(element: string): string {
  return element.replace(/^г\.\s*/u, '');
}

/** Short names folded lately (a run sends the same few searches again and again, and folding in a locale is slow), at most 1,000 of them. */
const foldedNames = new Map<string, string>();
const FOLDED_KEPT = 1000;
const FOLDED_LONGEST = 64;

/** Two names are the same city when they are equal folded. */
function folded(name: string): string {
  if (name.length > FOLDED_LONGEST) return name.toLocaleLowerCase('ru-RU');
  let f = foldedNames.get(name);
  if (f === undefined) {
    f = name.toLocaleLowerCase('ru-RU');
    if (foldedNames.size >= FOLDED_KEPT) foldedNames.clear();
    foldedNames.set(name, f);
  }
  return f;
}

/** Each region with its cities' names folded, once per fixtures. */
interface FoldedRegion { code: string; r: Region; names: string[] }
const foldedCities = new WeakMap<Fixtures, FoldedRegion[]>();

function citiesOf(fx: Fixtures): FoldedRegion[] {
  let regions = foldedCities.get(fx);
  if (!regions) {
    regions = Object.entries(fx.regions).map(([code, r]) => ({ code, r, names: r.cities.map(folded) }));
    foldedCities.set(fx, regions);
  }
  return regions;
}
