/**
 * The header fields common clients send with a request by default, beside Host, Content-Type
 * and Content-Length (HTTP-CLIENT-HEADERS): each set is one client's own, as its version sends
 * it, so a target is tried with what real clients put on the wire and not with what a harness
 * invents. `accept-other-format` is no client's: an Accept naming only the other format, which a
 * target may honour with 406 (HTTP-ACCEPT-OTHER-FORMAT, RFC 9110 12.4.1). `{other}` in a value is
 * the media type of the format the path does not have.
 */
export interface HeaderSet { headers: Record<string, string>; source: string }

export const HEADER_SETS = {
  'headers-curl': {
    headers: { 'user-agent': 'curl/8.5.0', accept: '*/*' },
    source: 'curl 8.5.0 with no option but --data, as curl -v shows: its User-Agent and Accept',
  },
  'headers-wget': {
    headers: { 'user-agent': 'Wget/1.21.4', accept: '*/*', 'accept-encoding': 'identity', connection: 'Keep-Alive' },
    source: 'GNU Wget 1.21.4 --post-data, as wget -d shows: User-Agent, Accept, Accept-Encoding: identity, Connection: Keep-Alive',
  },
  'headers-python-requests': {
    headers: { 'user-agent': 'python-requests/2.31.0', 'accept-encoding': 'gzip, deflate', accept: '*/*', connection: 'keep-alive' },
    source: 'python-requests 2.31.0 requests.utils.default_headers(), without brotli installed',
  },
  'headers-axios': {
    headers: { accept: 'application/json, text/plain, */*', 'user-agent': 'axios/1.6.8', 'accept-encoding': 'gzip, compress, deflate, br' },
    source: 'axios 1.6.8 in Node: the Accept of its defaults, and the User-Agent and Accept-Encoding its http adapter adds; JSON first on the XML path too',
  },
  'headers-browser': {
    headers: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
      'accept-encoding': 'gzip, deflate, br',
      'accept-language': 'ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7',
      'cache-control': 'max-age=0',
      'upgrade-insecure-requests': '1',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    },
    source: 'Chrome 120 submitting a form (a navigation), as its developer tools show: XML ranked above */* on the JSON path; its Origin and Sec-Fetch fields left out, as a server may check them against cross-site requests',
  },
  'headers-php': {
    headers: { connection: 'close' },
    source: 'PHP 8 file_get_contents() with an http stream context and no user_agent setting: Connection: close, and no User-Agent',
  },
  'accept-other-format': {
    headers: { accept: '{other}' },
    source: 'RFC 9110 12.4.1: a request whose Accept no representation of the path meets; answered as without it, or 406',
  },
} as const satisfies Record<string, HeaderSet>;

export type HeaderSetName = keyof typeof HEADER_SETS;

const MEDIA_TYPE = { json: 'application/json', xml: 'application/xml' } as const;

/** The set's header fields for a request to `url` (its path ends in .json or .xml), `{other}` made the other format's media type. */
export function headerSet(name: HeaderSetName, url: string): Record<string, string> {
  const xml = /\.xml(?:[?#]|$)/.test(new URL(url).pathname);
  const other = MEDIA_TYPE[xml ? 'json' : 'xml'];
  return Object.fromEntries(Object.entries(HEADER_SETS[name].headers).map(([k, v]) => [k, v.replace('{other}', other)]));
}
