/** What is wrong with a field, in the service's language (detail) and in English (message). */
export interface Problem {
  /** What kind of check broke: the second half of a check's name (reference/hooks.ts). */
  kind: ProblemKind;
  en: string;
  ru: string;
}

type Kind = 'string' | 'integer' | 'boolean' | 'object' | 'array';

const KIND_RU: Record<Kind, string> = {
  string: 'строкой',
  integer: 'целым числом',
  boolean: 'логическим значением (true или false)',
  object: 'объектом',
  array: 'массивом',
};

export type ProblemKind =
  | 'missing' | 'type' | 'tooLong' | 'tooManyDigits' | 'tooShort' | 'tooMany' | 'format' | 'positive'
  | 'oneOfBoth' | 'oneOfNeither' | 'atLeastOne' | 'notIn' | 'notWith' | 'flatWithTextSearch' | 'thirdRequired' | 'streetAndHouse' | 'order';

export const problems = {
  missing: (): Problem => ({ kind: 'missing', en: 'is required', ru: 'обязательное поле не заполнено' }),
  type: (kind: Kind): Problem => ({ kind: 'type', en: `must be ${kind === 'integer' || kind === 'object' || kind === 'array' ? 'an' : 'a'} ${kind}`, ru: `значение должно быть ${KIND_RU[kind]}` }),
  tooLong: (max: number): Problem => ({ kind: 'tooLong', en: `must be at most ${max} characters`, ru: `не более ${max} символов` }),
  tooManyDigits: (max: number): Problem => ({ kind: 'tooManyDigits', en: `must hold at most ${max} digits`, ru: `не более ${max} цифр` }),
  tooShort: (min: number): Problem => ({ kind: 'tooShort', en: `must be at least ${min} characters`, ru: `не менее ${min} символов` }),
  tooMany: (max: number): Problem => ({ kind: 'tooMany', en: `must hold at most ${max} elements`, ru: `не более ${max} элементов` }),
  format: (en: string, ru: string): Problem => ({ kind: 'format', en: `must be ${en}`, ru: `формат: ${ru}` }),
  positive: (): Problem => ({ kind: 'positive', en: 'must be a positive integer', ru: 'значение должно быть положительным целым числом' }),
  oneOfBoth: (a: string, b: string): Problem => ({ kind: 'oneOfBoth', en: `${a} and ${b} are mutually exclusive: send exactly one`, ru: `поля ${a} и ${b} взаимоисключающие: укажите ровно одно` }),
  oneOfNeither: (a: string, b: string): Problem => ({ kind: 'oneOfNeither', en: `one of ${a} or ${b} is required`, ru: `необходимо указать одно из полей ${a} или ${b}` }),
  atLeastOne: (names: string[]): Problem => ({ kind: 'atLeastOne', en: `at least one of ${names.join(', ')} is required`, ru: `необходимо указать хотя бы одно из полей: ${names.join(', ')}` }),
  notIn: (allowed: string[]): Problem => ({ kind: 'notIn', en: `must be one of ${allowed.join(', ')}`, ru: `допустимые значения: ${allowed.join(', ')}` }),
  notWith: (other: string): Problem => ({ kind: 'notWith', en: `must not be sent together with ${other}`, ru: `нельзя указывать вместе с полем ${other}` }),
  flatWithTextSearch: (): Problem => ({ kind: 'flatWithTextSearch', en: 'may accompany search only when search holds coordinates', ru: 'можно указывать вместе с search, только если search содержит координаты' }),
  thirdRequired: (): Problem => ({ kind: 'thirdRequired', en: 'is required when storePayer is third', ru: 'обязательно, если storePayer равен third' }),
  streetAndHouse: (): Problem => ({ kind: 'streetAndHouse', en: 'search, or both street and house, is required', ru: 'необходимо указать search или оба поля street и house' }),
  order: (en: string, ru: string): Problem => ({ kind: 'order', en: `must be in order: ${en}`, ru: `нарушен порядок: ${ru}` }),
};
