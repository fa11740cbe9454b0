/** One element of the error body's `errors` array (README, "Error body shape"). */
export interface ErrorEntry {
  code: ErrorCode;
  title: string;
  detail: string;
  message: string;
  fields?: string[];
}

interface CatalogEntry {
  http: number;
  title: string;
  detail: string;
  message: string;
}

const NO_ACCESS = 'Детали заказа не могут быть изменены, так как нет доступа.';

// Spec section 7 for the 6xxxxx numbers; the README's common numbers for the rest.
// `detail` is the default; a refusal may replace it with a more precise one.
const CATALOG = {
  100001: { http: 400, title: 'Ошибка валидации запроса', detail: 'Поле запроса не прошло проверку.', message: 'A field is missing, of the wrong type or format, or past a limit.' },
  100002: { http: 400, title: 'Ошибка аутентификации', detail: 'Ключ приложения или идентификатор сессии не указан или неизвестен.', message: 'The appkey or sessionID is missing or unknown.' },
  100003: { http: 400, title: 'Некорректное тело запроса', detail: 'Тело запроса не удалось разобрать.', message: 'The request body is malformed.' },
  100004: { http: 400, title: 'Слишком большой запрос', detail: 'Тело запроса больше 1 МиБ.', message: 'The request body is larger than 1 MiB.' },
  100005: { http: 400, title: 'Объект не найден', detail: 'Объект, на который ссылается запрос, не найден.', message: 'An object the request refers to was not found.' },
  100404: { http: 404, title: 'Метод API не найден', detail: 'По этому пути нет метода API.', message: 'There is no operation at this path.' },
  100405: { http: 405, title: 'HTTP-метод не поддерживается', detail: 'Операция принимает только POST.', message: 'The operation accepts POST only.' },
  100500: { http: 500, title: 'Внутренняя ошибка сервиса', detail: 'Запрос не удалось обработать из-за внутренней ошибки.', message: 'Internal error of the service.' },
  610001: { http: 400, title: 'Получатель по заказу не может быть изменён', detail: 'Изменение получателя для заказа в текущем состоянии недоступно.', message: 'The receiver for the order cannot be changed.' },
  610002: { http: 400, title: 'Получатель по заказу не может быть изменён', detail: NO_ACCESS, message: 'The receiver for the order cannot be changed.' },
  610003: { http: 400, title: 'Указан анонимный контрагент', detail: 'Операция недоступна для анонимного контрагента.', message: 'An anonymous counteragent is indicated.' },
  621001: { http: 400, title: 'Адрес и время отправки по заказу не могут быть изменены', detail: 'Изменение адреса и времени отправки для заказа недоступно.', message: 'The dispatch address and time for the order cannot be changed.' },
  621002: { http: 400, title: 'Адрес и время отправки по заказу не могут быть изменены', detail: NO_ACCESS, message: 'The dispatch address and time for the order cannot be changed.' },
} as const satisfies Record<number, CatalogEntry>;

export type ErrorCode = keyof typeof CATALOG;

export function errorEntry(code: ErrorCode, more: { detail?: string; message?: string; fields?: string[] } = {}): ErrorEntry {
  const c = CATALOG[code];
  const entry: ErrorEntry = { code, title: c.title, detail: more.detail ?? c.detail, message: more.message ?? c.message };
  if (more.fields) entry.fields = more.fields;
  return entry;
}

/** Thrown by any stage to answer with errors instead of success; all entries share one HTTP status. */
export class Refusal extends Error {
  readonly httpStatus: number;
  constructor(readonly errors: ErrorEntry[]) {
    // A refusal is an answer, not a bug: no stack is captured (that took more than the answer's encoding).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; '));
    Error.stackTraceLimit = limit;
    const first = errors[0];
    this.httpStatus = first ? CATALOG[first.code].http : 400;
  }
}

export function refuse(code: ErrorCode, more?: { detail?: string; message?: string; fields?: string[] }): Refusal {
  return new Refusal([errorEntry(code, more)]);
}
