/**
 * How a report names a list it cannot print whole: the first few, then how many more
 * (`A, B, C and 4 more`), in one place for the console, the certificate and the layers' lines.
 */
export const firstOf = (items: string[], max: number, more = 'more'): string =>
  items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} ${more}`;
