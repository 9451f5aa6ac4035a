// The calls the bench measures, in order. A new hot call is one line here:
// `auth: true` sends the bench user's bearer token; `body` is sent as JSON.
export interface Call {
  name: string;
  method: 'GET' | 'POST';
  /** Path and query, as a client sends them. */
  path: string;
  body?: Record<string, unknown>;
  auth: boolean;
  /** At most this many connections whatever BENCH_CONNECTIONS says (one person does not
   *  sign in fifty times at once, and the throttle would refuse it). */
  maxConnections?: number;
  /** Fills the body from the seeded database's own ids, asked once before the call is
   *  measured (`get` sends a signed-in GET and answers its JSON). */
  resolve?: (get: (path: string) => Promise<Record<string, unknown>>) => Promise<Record<string, unknown>>;
}

/** The demo tenant's administrator (seeded with ADMIN_PASSWORD=admin123). */
export const BENCH_ADMIN = { username: '09120000000', password: 'admin123', host: 'localhost' };

export const CALLS: Call[] = [
  { name: 'login/get', method: 'GET', path: '/api/login/get/?WebRootPath=localhost', auth: false },
  {
    name: 'Authenticate',
    method: 'POST',
    path: '/api/Authenticate/Authenticate',
    body: { Username: BENCH_ADMIN.username, Password: BENCH_ADMIN.password, WebRootPath: BENCH_ADMIN.host },
    auth: false,
    maxConnections: 10,
  },
  { name: 'home/getbox', method: 'GET', path: '/api/home/getbox/', auth: true },
  { name: 'menu/list', method: 'GET', path: '/api/menu/list/', auth: true },
  { name: 'link/list', method: 'GET', path: '/api/link/list/?Page=1&Count=20', auth: true },
  // Master data through the generic engine: a page of people (joins, count) and a phrase search.
  { name: 'person/list', method: 'GET', path: '/api/person/list/?Page=1&Count=20', auth: true },
  {
    name: 'city/list phrase',
    method: 'GET',
    path: `/api/city/list/?Page=1&Count=10&Phrase=${encodeURIComponent('تبریز')}`,
    auth: true,
  },
  // BENCH_CUSTOMERS customers: a page with each one's groups (join table) and the capped
  // count; a deep page (past the count's cap); a phrase of a few matches, a rare one (one
  // customer's code) and a common one (a twelfth of them), through the search table.
  { name: 'customer/list', method: 'GET', path: '/api/customer/list/?Page=1&Count=10', auth: true },
  { name: 'customer/list deep', method: 'GET', path: '/api/customer/list/?Page=150&Count=10', auth: true },
  {
    name: 'customer/list phrase',
    method: 'GET',
    path: `/api/customer/list/?Page=1&Count=10&Phrase=${encodeURIComponent('زاگرس 19')}`,
    auth: true,
  },
  {
    name: 'customer/list rare',
    method: 'GET',
    path: `/api/customer/list/?Page=1&Count=10&Phrase=${encodeURIComponent('B-14243')}`,
    auth: true,
  },
  {
    name: 'customer/list common',
    method: 'GET',
    path: `/api/customer/list/?Page=1&Count=10&Phrase=${encodeURIComponent('زاگرس')}`,
    auth: true,
  },
  // A picker over the customers, a phrase of two letters typed: the newest matches, named.
  {
    name: 'customer/lookup phrase',
    method: 'GET',
    path: `/api/customer/lookup/?Count=10&Phrase=${encodeURIComponent('زا')}`,
    auth: true,
  },
  // BENCH_LETTERS letters (bench/seed-letters.ts): the admin's cartable, a page of it deep
  // down (one that exists at 100,000 letters too, so both sizes do the same work) and one
  // very deep, a rare phrase (48201: a letter's number and a dozen more numbers holding it)
  // and a common one (گزارش, a sixth of all letters); the same of all the tenant's letters
  // (AllMessages); one letter.
  ...letterCalls('cartable', 'AllMyMessage', 30, 200),
  ...letterCalls('all', 'AllMessage', 200, 2000),
  { name: 'message/get', method: 'GET', path: '/api/message/get/?Id=1', auth: true },
  {
    name: 'message/save draft',
    method: 'POST',
    path: '/api/message/save/',
    auth: true,
    // A new internal draft to a colleague, under the default internal numbering scheme.
    resolve: async (get) => {
      const schemes = (await get('/api/andikator/lookup/?Count=-1&MessageType=4')).records as Array<{
        id: number;
      }>;
      const people = (await get(`/api/person/lookup/?Phrase=${encodeURIComponent('مریم')}&Count=5`))
        .records as Array<{ id: number }>;
      return {
        MessageId: 0,
        IsSend: 0,
        MessageTypeFk: 4,
        Subject: 'پیش‌نویس سنجش',
        MessageBody: '<p>متن پیش‌نویس</p>',
        AndikatorFk: schemes[0]?.id,
        SelectedTo: [people[0]?.id],
      };
    },
  },
];

function letterCalls(label: string, pageType: string, deepPage: number, veryDeepPage: number): Call[] {
  const list = (query: string) => `/api/message/list/?PageType=${pageType}&Count=20&${query}`;
  const phrase = (text: string) => list(`Page=1&Phrase=${encodeURIComponent(text)}`);
  return [
    { name: `message/list ${label}`, method: 'GET', path: list('Page=1'), auth: true },
    { name: `message/list ${label} deep`, method: 'GET', path: list(`Page=${deepPage}`), auth: true },
    {
      name: `message/list ${label} very deep`,
      method: 'GET',
      path: list(`Page=${veryDeepPage}`),
      auth: true,
    },
    { name: `message/list ${label} rare`, method: 'GET', path: phrase('48201'), auth: true },
    { name: `message/list ${label} common`, method: 'GET', path: phrase('گزارش'), auth: true },
  ];
}
