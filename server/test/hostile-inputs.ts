import fc from 'fast-check';

/** One request's hostile parts; what is left out is filled with a plausible value. */
export interface HostileCase {
  label: string;
  /** replaces every path parameter */
  param?: string;
  /** raw query string, without '?' */
  query?: string;
  /** raw body text */
  body?: string;
  contentType?: string;
}

/** Field names our forms and payloads use, so generated bodies reach past the first check. */
const FIELD_NAMES = [
  'name',
  'username',
  'password',
  'email',
  'planId',
  'message',
  'visitorId',
  'systemPrompt',
  'model',
  'temperature',
  'maxTokens',
  'topP',
  'status',
  'tools',
  'externalApis',
  'knowledgeBase',
  'config',
  'allowedDomains',
  'instanceName',
  'number',
  'text',
  'apiKey',
  'baseUrl',
  'url',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'event',
  'instance',
  'data',
  'key',
  'id',
  'messages',
  'state',
  'phoneNumber',
  'userEmail',
  'userName',
  'phone',
  'takeoverMinutes',
  'debounceMs',
  'pauseKeywords',
  'resumeKeywords',
  'webhookSecret',
  'theme',
  'texts',
  'language',
  'responseStyle',
  'description',
  'secret',
  'events',
  'clearKey',
  'defaultModel',
  'statusReason',
  'remoteJid',
  'fromMe',
  'conversation',
  'q',
  'path',
  'times',
  'delayMs',
] as const;

const NUL_TEXT = fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`);
const LONE_SURROGATE = fc.constantFrom('\ud800', 'a\udc00b', 'fim\udbff');
const PLAUSIBLE = fc.constantFrom(
  'Olá, tudo bem?',
  'standard',
  'gpt-4o',
  'active',
  'https://127.0.0.1:1/x',
  '5511999999999',
  'maria@exemplo.com.br',
  'segredo123',
  'a',
  '',
  ' ',
  '../../etc/passwd',
  '<script>x</script>',
  "' OR 1=1 --",
);
const NUMBERS = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 53), 1e308, 0.5, Number.MAX_SAFE_INTEGER),
);

const leaf = fc.oneof(
  { weight: 3, arbitrary: NUL_TEXT },
  { weight: 2, arbitrary: LONE_SURROGATE },
  { weight: 3, arbitrary: PLAUSIBLE },
  { weight: 1, arbitrary: fc.constant('x'.repeat(70_000)) },
  { weight: 2, arbitrary: NUMBERS },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const key = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: NUL_TEXT },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype') },
);

const { value } = fc.letrec<{ value: unknown; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('object'),
    fc.array(tie('value'), { maxLength: 3 }),
  ),
  object: fc.dictionary(key, tie('value'), { maxKeys: 6 }),
}));

/** JSON bodies: objects keyed like our payloads with hostile values, and other JSON values. */
export const hostileBody = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(key, value, { minKeys: 1, maxKeys: 8 }) },
  { weight: 1, arbitrary: value },
);

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** A file part cut off before its closing boundary (named as the document upload wants; the other file routes read every part). */
const CUT_SHORT_FORM =
  '--fuzz\r\nContent-Disposition: form-data; name="document"; filename="a.png"\r\n' +
  'Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n';

/** Multipart bodies busboy cannot read: every route that takes a file must refuse them with a 400. */
export const BROKEN_MULTIPART: HostileCase[] = [
  { label: 'multipart without a boundary', body: 'x', contentType: 'multipart/form-data' },
  {
    label: 'multipart with an empty boundary',
    body: 'x',
    contentType: 'multipart/form-data; boundary=',
  },
  {
    label: 'multipart cut short',
    body: CUT_SHORT_FORM,
    contentType: 'multipart/form-data; boundary=fuzz',
  },
];

/** The same hostile shapes for every route, signed in and out. */
export const FIXED_CASES: HostileCase[] = [
  { label: 'malformed JSON', body: '{"name": "a", ' },
  { label: 'JSON string with NUL', body: '"\\u0000"' },
  {
    label: 'NUL in a field',
    body: '{"name":"a\\u0000b","message":"x\\u0000","username":"\\u0000"}',
  },
  { label: 'lone surrogate in a field', body: '{"name":"a\\ud800","message":"\\udc00"}' },
  { label: 'NUL in a key', body: '{"a\\u0000b": 1}' },
  { label: 'deep nesting', body: nested(5_000) },
  { label: 'deep object', body: '{"a":'.repeat(200) + '1' + '}'.repeat(200) },
  { label: '__proto__', body: '{"__proto__": {"isAdmin": true}, "name": "x"}' },
  { label: 'constructor.prototype', body: '{"constructor": {"prototype": {"isAdmin": true}}}' },
  { label: 'huge string', body: JSON.stringify({ message: 'x'.repeat(900_000), name: 'y' }) },
  { label: 'wrong types', body: '{"name": 1, "message": [], "password": {}, "id": "1"}' },
  { label: 'array body', body: '[1, "a", null]' },
  { label: 'XML body', body: '<a>1</a>', contentType: 'application/xml' },
  { label: 'text body', body: '{"message":"oi\\u0000"}', contentType: 'text/plain' },
  ...BROKEN_MULTIPART,
  {
    label: 'multipart with a malformed part header',
    body: '--fuzz\r\nno header here\r\n\r\nx\r\n--fuzz--\r\n',
    contentType: 'multipart/form-data; boundary=fuzz',
  },
  { label: 'NUL in a parameter', param: 'a%00b' },
  { label: 'lone surrogate in a parameter', param: '%ED%A0%80' },
  { label: 'huge parameter', param: '9'.repeat(400) },
  { label: 'negative parameter', param: '-1' },
  { label: '__proto__ parameter', param: '__proto__' },
  { label: 'hostile query', query: 'q=%00&number=a%00&channel=%00&x[__proto__]=1&page=-1' },
  { label: 'lone surrogate in query', query: 'q=%ED%A0%80&number=%ED%B0%80' },
  { label: 'huge query', query: `q=${'x'.repeat(8_000)}` },
];
