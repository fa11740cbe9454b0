/** Wall-clock reading of an instant in the service's time zone. */
export interface LocalTime {
  readonly date: string; // YYYY-MM-DD
  readonly time: string; // HH:MM:SS
  readonly weekday: number; // 1 = Monday … 7 = Sunday
  readonly minutesOfDay: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      // h23, not hour12:false, which renders midnight as "24" in some ICU versions.
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The last reading per time zone: it names a whole second, and a service answers many requests in one. */
const lastReading = new Map<string, { second: number; local: LocalTime }>();

/** The reading is the same for every instant of one second, and shared: it is read-only. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastReading.get(timeZone);
  if (last && last.second === second) return last.local;
  const local = readLocalTime(instant, timeZone);
  lastReading.set(timeZone, { second, local });
  return local;
}

function readLocalTime(instant: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? '') + 1,
    minutesOfDay: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The last generated_at written, with the reading it was written from. */
let lastGenerated: { local: LocalTime; text: string } | undefined;

/** metadata.generated_at: `YYYY-MM-DD HH:MM:SS`, local time of the service. */
export function generatedAt(instant: Date, timeZone: string): string {
  const t = localTime(instant, timeZone);
  if (lastGenerated?.local !== t) lastGenerated = { local: t, text: `${t.date} ${t.time}` };
  return lastGenerated.text;
}

/** The last HTTP date written (RFC 9110 5.6.7, as toUTCString writes it), and its second. */
let lastHttpDate: { second: number; text: string } | undefined;

/** `instant` as a Date field value; the same text for every instant of one second, as the local time is. */
export function httpDate(instant: Date): string {
  const second = Math.floor(instant.getTime() / 1000);
  if (lastHttpDate?.second !== second) lastHttpDate = { second, text: instant.toUTCString() };
  return lastHttpDate.text;
}
