/** Every route of the site in one place: `paths.film(id)` rather than string literals in components. */
export const paths = {
  home: '/',
  schedule: '/#schedule',
  films: '/films',
  newFilms: '/films/new',
  film: (id: number | string) => `/films/${id}`,
  person: (id: number | string) => `/persons/${id}`,
  news: '/news',
  newsItem: (id: number | string) => `/news/${id}`,
  stocks: '/stocks',
  stock: (id: number | string) => `/stocks/${id}`,
  register: '/register',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  authCallback: '/auth/callback',
  profile: '/profile',
  profileEdit: '/profile/edit',
  profileReviews: '/profile/reviews',
  profileWatch: '/profile/watch',
  /** The viewer's consents, the copy of their data and the account's deletion. */
  profilePrivacy: '/profile/privacy',
  /** A cinema document: the consent, the privacy policy, the offer, the rules… */
  document: (slug: string) => `/documents/${slug}`,
  /** The coming sessions with subtitles or audio description. */
  accessibility: '/accessibility',
  adminDocuments: '/admin/dashboard/documents',
  adminDocument: (slug: string) => `/admin/dashboard/documents/${slug}`,
  admin: '/admin/dashboard',
  /** A back-office screen: '/admin/dashboard/<path>' ('' is the dashboard). */
  adminSection: (path: string) => (path ? `/admin/dashboard/${path}` : '/admin/dashboard'),
  adminScheduleCreate: '/admin/dashboard/schedule/create',
  adminFilmCreate: '/admin/dashboard/film/create',
  adminFilmEdit: (id: number | string) => `/admin/dashboard/films/${id}/edit`,
  adminCheckIn: '/admin/dashboard/tickets/check-in',
  adminNewsCreate: '/admin/dashboard/news/create',
  adminStockCreate: '/admin/dashboard/stocks/create',
  /** The seat map of a session: the seat popover over the home page (the viewer's holds shown as theirs). */
  seats: (sessionId: number | string) => `/?seats=${sessionId}`,
  checkout: (sessionId: number | string) => `/checkout/${sessionId}`,
  /** An order's page: its payment, then its tickets (the provider sends the buyer back here). */
  order: (id: number | string) => `/orders/${id}`,
  adminHallPlan: (id: number | string) => `/admin/dashboard/halls/${id}/plan`,
  adminOrders: '/admin/dashboard/orders',
  adminOrder: (id: number | string) => `/admin/dashboard/orders/${id}`,
  adminShifts: '/admin/dashboard/shifts',
  /** The weekly subtitles report of national films ('2026-W48'). */
  adminSubtitles: (week: string) => `/admin/dashboard/subtitles?week=${week}`,
  adminTill: '/admin/dashboard/till',
  adminTillDisplay: '/admin/dashboard/till/display',
  /** A shift's report (the cash expected and counted, sales and refunds by method). */
  adminShift: (id: number | string) => `/admin/dashboard/shifts/${id}`,
} as const;
