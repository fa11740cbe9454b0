import type { Fixtures } from './fixtures.ts';

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
  for (let i = 0; i < elements.length; i++) {
    const name = cityName(elements[i] ?? '');
    for (const [code, r] of Object.entries(fx.regions)) {
      const city = r.cities.find((c) => sameName(c, name));
      if (city === undefined) continue;
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

function sameName(a: string, b: string): boolean {
  return a.toLocaleLowerCase('ru-RU') === b.toLocaleLowerCase('ru-RU');
}
