/** What is wrong with a field, in the service's language (detail) and in English (message). */
export interface Problem {
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

export const problems = {
  missing: (): Problem => ({ en: 'is required', ru: 'обязательное поле не заполнено' }),
  type: (kind: Kind): Problem => ({ en: `must be ${kind === 'integer' || kind === 'object' || kind === 'array' ? 'an' : 'a'} ${kind}`, ru: `значение должно быть ${KIND_RU[kind]}` }),
  tooLong: (max: number): Problem => ({ en: `must be at most ${max} characters`, ru: `не более ${max} символов` }),
  tooShort: (min: number): Problem => ({ en: `must be at least ${min} characters`, ru: `не менее ${min} символов` }),
  tooMany: (max: number): Problem => ({ en: `must hold at most ${max} elements`, ru: `не более ${max} элементов` }),
  format: (en: string, ru: string): Problem => ({ en: `must be ${en}`, ru: `формат: ${ru}` }),
  positive: (): Problem => ({ en: 'must be a positive integer', ru: 'значение должно быть положительным целым числом' }),
  oneOfBoth: (a: string, b: string): Problem => ({ en: `${a} and ${b} are mutually exclusive: send exactly one`, ru: `поля ${a} и ${b} взаимоисключающие: укажите ровно одно` }),
  oneOfNeither: (a: string, b: string): Problem => ({ en: `one of ${a} or ${b} is required`, ru: `необходимо указать одно из полей ${a} или ${b}` }),
  atLeastOne: (names: string[]): Problem => ({ en: `at least one of ${names.join(', ')} is required`, ru: `необходимо указать хотя бы одно из полей: ${names.join(', ')}` }),
  notIn: (allowed: string[]): Problem => ({ en: `must be one of ${allowed.join(', ')}`, ru: `допустимые значения: ${allowed.join(', ')}` }),
  notWith: (other: string): Problem => ({ en: `must not be sent together with ${other}`, ru: `нельзя указывать вместе с полем ${other}` }),
  flatWithTextSearch: (): Problem => ({ en: 'may accompany search only when search holds coordinates', ru: 'можно указывать вместе с search, только если search содержит координаты' }),
  thirdRequired: (): Problem => ({ en: 'is required when storePayer is third', ru: 'обязательно, если storePayer равен third' }),
  streetAndHouse: (): Problem => ({ en: 'search, or both street and house, is required', ru: 'необходимо указать search или оба поля street и house' }),
};
