import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CINEMA_TIME_ZONE } from './contract/constants';

/** ATOL's `tax.type` values: the VAT a receipt's position may carry. */
export const ATOL_TAX_TYPES = [
  'none',
  'vat0',
  'vat5',
  'vat7',
  'vat10',
  'vat20',
  'vat22',
  'vat105',
  'vat107',
  'vat110',
  'vat120',
  'vat122',
] as const;

/** The repository root: backend/src/config.ts → ../.. */
export const ROOT_DIR = path.resolve(import.meta.dirname, '..', '..');

const SERVICE_NAMES = ['api', 'workers'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlWithProtocols = (protocols: string[], hint: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, hint);

const optionalUrl = (protocols: string[], hint: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), urlWithProtocols(protocols, hint).optional());

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const httpUrl = urlWithProtocols(['http:', 'https:'], 'must be an http(s):// URL');

/**
 * One social sign-in provider: client id and secret (both set, or the provider is off) and its
 * endpoints, which default to the real provider and are configurable so tests can use a local fake.
 */
const oauthEnv = <P extends string>(prefix: P, urls: { authorization: string; token: string; profile: string }) =>
  ({
    [`${prefix}_CLIENT_ID`]: optionalText,
    [`${prefix}_CLIENT_SECRET`]: optionalText,
    [`${prefix}_AUTHORIZATION_URL`]: httpUrl.default(urls.authorization),
    [`${prefix}_TOKEN_URL`]: httpUrl.default(urls.token),
    [`${prefix}_PROFILE_URL`]: httpUrl.default(urls.profile),
  }) as {
    [K in `${P}_CLIENT_ID` | `${P}_CLIENT_SECRET`]: typeof optionalText;
  } & {
    [K in `${P}_AUTHORIZATION_URL` | `${P}_TOKEN_URL` | `${P}_PROFILE_URL`]: z.ZodDefault<typeof httpUrl>;
  };

/** YooKassa's published notification addresses (docs/architecture.md, "YooKassa facts the code relies on"; the PHP SDK's SecurityHelper). */
const YOOKASSA_SOURCES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.154.128/25',
  '77.75.156.11/32',
  '77.75.156.35/32',
  '2a02:5180::/32',
];

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Which roles this process plays: api, workers or both (the demo). */
    SERVICES: z
      .string()
      .default('api,workers')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(SERVICE_NAMES)).min(1, 'name at least one of: api, workers')),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Public address of the site, used in mails and OAuth callbacks; required in production. */
    PUBLIC_URL: optionalUrl(['http:', 'https:'], 'must be an http(s):// URL'),
    /**
     * Which proxies in front of the API to believe about the client's address (X-Forwarded-For):
     * off, a hop count, or Express's names/addresses (loopback, uniquelocal, 10.0.0.0/8, …).
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(/^[\w.:/, -]*$/, 'off, a number of hops, or addresses/names such as loopback, uniquelocal, 10.0.0.0/8')
      .optional(),
    /** The cinema's wall clock (session times, "today"): an IANA time zone. */
    CINEMA_TIMEZONE: z
      .string()
      .trim()
      .default(DEFAULT_CINEMA_TIME_ZONE)
      .refine(isTimeZone, 'must be an IANA time zone such as Europe/Moscow'),
    /** How long a stopping process waits for requests and jobs in flight before closing anyway. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
    /**
     * After SIGTERM, how long the API keeps accepting while readiness already answers 503, so that
     * a load balancer polling readiness (Kubernetes) stops sending traffic before the port closes.
     */
    SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(0),
    /**
     * /metrics (Prometheus) in production: answered on PORT only with `Authorization: Bearer <METRICS_TOKEN>`,
     * and openly on METRICS_PORT when set (an internal port, not published). Open on PORT outside production.
     */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where embedded PGlite, embedded Redis, uploads and the mail outbox live. */
    DATA_DIR: z.string().default(path.join(ROOT_DIR, 'data')),
    DATABASE_URL: optionalUrl(
      ['postgres:', 'postgresql:'],
      'must be a postgres://user:password@host:port/database URL (or unset for the embedded database)',
    ),
    REDIS_URL: optionalUrl(
      ['redis:', 'rediss:'],
      'must be a redis://host:port URL (or unset to start a local redis-server)',
    ),
    /** Every Redis key, queue and channel of this deployment starts with it. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[a-zA-Z0-9:_-]+$/, 'letters, digits, ":", "_" and "-" only')
      .default('kino'),
    /** Signs bearer tokens; required in production, at least 32 characters. */
    APP_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    TOKEN_TTL_HOURS: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 7),
    /** How long a viewer's seat holds last, counted from the first seat taken. */
    HOLD_TTL_SECONDS: z.coerce.number().int().positive().default(600),
    /** How much longer a viewer's holds last when they extend them (once per hold); unset = HOLD_TTL_SECONDS. */
    HOLD_EXTEND_SECONDS: z.coerce.number().int().positive().optional(),
    /** A viewer may refund a ticket until this many minutes before the session starts. */
    REFUND_CUTOFF_MINUTES: z.coerce.number().int().min(0).default(30),
    /** The door admits a session's tickets from this many minutes before its start until its end. */
    DOOR_OPENS_MINUTES: z.coerce.number().int().min(0).default(60),
    /**
     * How long a worker's claim on a job lasts unless renewed (it renews every half of it while
     * alive); a job of a worker that died is retried within about twice this.
     */
    JOB_LOCK_SECONDS: z.coerce.number().int().min(1).default(30),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'must be an smtp(s):// URL'),
    /** A bare address is sent under the cinema's name from the settings; 'Name <address>' as it is. */
    MAIL_FROM: z.string().default('no-reply@kino.local'),
    /**
     * ЕАИС (Fond Kino's ticket register, REGISTRIES.md §3): where sales and refunds are uploaded (XML 3.2.0,
     * POST multipart/form-data with EAIS_LOGIN and EAIS_PASSWORD). Unset: written as files to
     * DATA_DIR/eais/ (modules/eais), for an operator who uploads them by hand. Required in production with the
     * login, password and EAIS_CINEMA_ID (our org_id there) — unless EAIS_MANUAL_UPLOAD says the files are
     * uploaded by hand, a choice made on purpose (a forgotten EAIS_URL would leave ЕАИС without the cinema's
     * sales). EAIS_INTERVAL_SECONDS: how often undelivered operations go (the rules want hourly).
     */
    EAIS_URL: optionalUrl(
      ['http:', 'https:'],
      'must be an http(s):// URL, e.g. https://ekinobilet.ru/ekbs/upload.aspx',
    ),
    EAIS_LOGIN: optionalText,
    EAIS_PASSWORD: optionalText,
    EAIS_MANUAL_UPLOAD: flag.optional(),
    EAIS_CINEMA_ID: z.string().default('kino-demo'),
    EAIS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(900),
    /**
     * The cash register for counter sales: ATOL driver v10's web server (REGISTRIES.md §1.2). Unset
     * outside production: the process starts the register emulator on loopback (modules/fiscal); required
     * in production.
     */
    ATOL_URL: optionalUrl(['http:', 'https:'], 'must be an http(s):// URL, e.g. http://127.0.0.1:16732'),
    /** How long a task may take on the register (polling its uuid) before the sale is refused. */
    ATOL_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(30),
    /**
     * Between two reads of a task's status (GET /requests/{uuid}), ms. The web server answers from memory on
     * the till's loopback or LAN, so a tight poll costs it little and takes at most this much off a sale.
     */
    ATOL_POLL_MS: z.coerce.number().int().min(5).max(1000).default(20),
    /** Receipts: the VAT of a ticket (ATOL's tax.type; cinema tickets are commonly VAT-exempt: none). */
    FISCAL_TICKET_VAT: z.enum(ATOL_TAX_TYPES).default('none'),
    /** Receipts: the payment method of a ticket sold ahead (fullPayment or fullPrepayment: the accountant decides). */
    FISCAL_TICKET_PAYMENT_METHOD: z.enum(['fullPayment', 'fullPrepayment']).default('fullPayment'),
    /** Serve the built front end (frontend/dist) from the API process. */
    SERVE_WEB: flag.optional(),
    WEB_DIST: z.string().default(path.join(ROOT_DIR, 'frontend', 'dist')),
    CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
    /** A pending order gives its seats back after this long unless the provider says it was paid. */
    PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(50).default(15),
    /** YooKassa API v3. No shop id → the demo starts a local emulator (refused in production). */
    YOOKASSA_API_URL: httpUrl.default('https://api.yookassa.ru/v3'),
    YOOKASSA_SHOP_ID: optionalText,
    YOOKASSA_SECRET_KEY: optionalText,
    /** 54-FZ receipt: VAT code of a ticket (1 = без НДС; cinema tickets are commonly VAT-exempt). */
    YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(12).default(1),
    /** 54-FZ receipt: full_payment, or full_prepayment for tickets sold ahead (the accountant decides). */
    YOOKASSA_PAYMENT_MODE: z.enum(['full_payment', 'full_prepayment']).default('full_payment'),
    /** Addresses notifications may come from (CIDR, comma-separated); YooKassa's published ranges by default. */
    YOOKASSA_NOTIFICATION_SOURCES: z
      .string()
      .default(YOOKASSA_SOURCES.join(','))
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().refine(isCidr, 'must be a comma-separated list of addresses or CIDR ranges'))),
    /** Limit for one call to YooKassa (retries with the same idempotence key come on top). */
    YOOKASSA_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(10),
    /**
     * The Pushkin card ticket registry (pushka.gosuslugi.ru, REGISTRIES.md §2): its API (…/api/v1), the seller's API
     * key and the cinema's Pro.Культура organisation id. Unset URL outside production: a registry emulator on
     * loopback (emulators/pushka); unset in production: the cinema is not in the programme and the Pushkin card is
     * not accepted (docs/architecture.md "The Pushkin card"). Set: the key and the organisation id are required.
     */
    PUSHKA_API_URL: optionalUrl(
      ['http:', 'https:'],
      'must be an http(s):// URL, e.g. https://pushka.gosuslugi.ru/api/v1',
    ),
    PUSHKA_API_KEY: optionalText,
    PUSHKA_ORGANIZATION_ID: optionalText,
    /** How long one registry call may take before the job retries it. */
    PUSHKA_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(15),
    /** Pro.Культура's events API (finds a film's event by its ПУ number); no key → the emulator's events. */
    PROCULTURE_API_URL: httpUrl.default('https://pro.culture.ru/api/2.5'),
    PROCULTURE_API_KEY: optionalText,
    /**
     * The cinema's second YooKassa shop, registered for the Pushkin card programme: online Pushkin payments go to
     * it. Unset (outside production): the YooKassa emulator serves it as a second shop.
     */
    PUSHKIN_YOOKASSA_SHOP_ID: optionalText,
    /** The second shop's API address; unset: YOOKASSA_API_URL (another one only for an emulator). */
    PUSHKIN_YOOKASSA_API_URL: optionalUrl(['http:', 'https:'], 'must be an http(s):// URL'),
    PUSHKIN_YOOKASSA_SECRET_KEY: optionalText,
    /** ЕАИС's terminal_owner of a Pushkin sale at the till (the terminal owner's ИНН); unset: the cinema's ИНН. */
    PUSHKIN_TERMINAL_OWNER_INN: optionalText.pipe(
      z
        .string()
        .regex(/^(\d{10}|\d{12})$/, 'ИНН: 10 or 12 digits')
        .optional(),
    ),
    /** …and of an online Pushkin sale: the payment service's ИНН (ООО НКО «ЮМани» by default). */
    PUSHKIN_ONLINE_TERMINAL_OWNER_INN: z
      .string()
      .regex(/^(\d{10}|\d{12})$/, 'ИНН: 10 or 12 digits')
      .default('7750005725'),
    /** Kinopoisk API Unofficial, the film database imports read from; no key → import is off. */
    KINOPOISK_API_URL: httpUrl.default('https://kinopoiskapiunofficial.tech'),
    KINOPOISK_API_KEY: optionalText,
    /** How long one Kinopoisk request or image download may take before the import gives up. */
    KINOPOISK_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(15),
    ...oauthEnv('YANDEX', {
      authorization: 'https://oauth.yandex.ru/authorize',
      token: 'https://oauth.yandex.ru/token',
      profile: 'https://login.yandex.ru/info',
    }),
    ...oauthEnv('GOOGLE', {
      authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://www.googleapis.com/oauth2/v4/token',
      profile: 'https://www.googleapis.com/oauth2/v3/userinfo',
    }),
    ...oauthEnv('VK', {
      authorization: 'https://oauth.vk.com/authorize',
      token: 'https://oauth.vk.com/access_token',
      profile: 'https://api.vk.com/method/users.get',
    }),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'is required in production (a random string of at least 32 characters)',
      });
    }
    if (!env.YOOKASSA_SHOP_ID || !env.YOOKASSA_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['YOOKASSA_SHOP_ID'],
        message: 'and YOOKASSA_SECRET_KEY are required in production (the shop id and secret key of the YooKassa shop)',
      });
    }
    if (env.PUSHKA_API_URL && (!env.PUSHKA_API_KEY || !env.PUSHKA_ORGANIZATION_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSHKA_API_KEY'],
        message:
          'and PUSHKA_ORGANIZATION_ID are required with PUSHKA_API_URL (the registry key and the Pro.Культура organisation id)',
      });
    }
    if (!env.ATOL_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['ATOL_URL'],
        message: 'is required in production: the cash register web server, e.g. http://127.0.0.1:16732',
      });
    }
    if (env.EAIS_URL && (!env.EAIS_LOGIN || !env.EAIS_PASSWORD || env.EAIS_CINEMA_ID === 'kino-demo')) {
      ctx.addIssue({
        code: 'custom',
        path: ['EAIS_URL'],
        message:
          'is set: EAIS_LOGIN, EAIS_PASSWORD and EAIS_CINEMA_ID are required with it in production (the cinema’s login and password in ЕАИС and its org_id)',
      });
    }
    if (!env.EAIS_URL && !env.EAIS_MANUAL_UPLOAD) {
      ctx.addIssue({
        code: 'custom',
        path: ['EAIS_URL'],
        message:
          'is required in production: the ЕАИС upload address, e.g. https://ekinobilet.ru/ekbs/upload.aspx, with EAIS_LOGIN, EAIS_PASSWORD and EAIS_CINEMA_ID (or EAIS_MANUAL_UPLOAD=1 and EAIS_CINEMA_ID to upload the files of DATA_DIR/eais/ by hand)',
      });
    }
    if (env.EAIS_URL && env.EAIS_MANUAL_UPLOAD) {
      ctx.addIssue({
        code: 'custom',
        path: ['EAIS_MANUAL_UPLOAD'],
        message: 'and EAIS_URL are both set: choose the upload to EAIS_URL or the files uploaded by hand',
      });
    }
    if (!env.EAIS_URL && env.EAIS_MANUAL_UPLOAD && env.EAIS_CINEMA_ID === 'kino-demo') {
      ctx.addIssue({
        code: 'custom',
        path: ['EAIS_CINEMA_ID'],
        message: 'is required in production: the cinema’s id in ЕАИС, the org_id of every file',
      });
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required in production: the address viewers open, e.g. https://kino.example.ru',
      });
    }
  });

function isCidr(text: string): boolean {
  const [address, bits, ...rest] = text.split('/');
  const version = net.isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Express's `trust proxy` value: false (off), a hop count, or a list of addresses and names. */
function trustProxy(value: string | undefined, nodeEnv: string): boolean | number | string {
  // Unset: off in production (only the operator knows the proxies), loopback elsewhere (the Vite dev proxy).
  if (value === undefined || value === '') return nodeEnv === 'production' ? false : 'loopback';
  if (/^(off|false|0|no)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** The signing secret used when APP_SECRET is unset outside production (start-up warns loudly about it). */
export const DEVELOPMENT_APP_SECRET = 'kino-development-secret-not-for-production-use';

export type Env = z.input<typeof EnvSchema>;
export type Config = ReturnType<typeof toConfig>;

/** A wrong configuration value: the message names every bad variable and stops the process. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type ParsedEnv = z.output<typeof EnvSchema>;

/** A provider's settings, or undefined when its client id or secret is missing (its button then says so). */
function oauthProvider(env: ParsedEnv, prefix: 'YANDEX' | 'GOOGLE' | 'VK') {
  const clientId = env[`${prefix}_CLIENT_ID`];
  const clientSecret = env[`${prefix}_CLIENT_SECRET`];
  if (!clientId || !clientSecret) return undefined;
  return {
    clientId,
    clientSecret,
    authorizationUrl: env[`${prefix}_AUTHORIZATION_URL`],
    tokenUrl: env[`${prefix}_TOKEN_URL`],
    profileUrl: env[`${prefix}_PROFILE_URL`],
  };
}
export type OAuthProviderConfig = NonNullable<ReturnType<typeof oauthProvider>>;

function toConfig(env: ParsedEnv) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    services: new Set(env.SERVICES),
    port: env.PORT,
    host: env.HOST,
    /**
     * The origin of every link that leaves the site (mails, OAuth callbacks), never taken from a
     * request. Outside production it defaults to this process's own address.
     */
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    trustProxy: trustProxy(env.TRUST_PROXY, env.NODE_ENV),
    cinemaTimeZone: env.CINEMA_TIMEZONE,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    shutdownDelayMs: env.SHUTDOWN_DELAY_SECONDS * 1000,
    logLevel: env.LOG_LEVEL,
    metrics: {
      /** Outside production /metrics is open on PORT (the demo, development, tests). */
      open: env.NODE_ENV !== 'production',
      token: env.METRICS_TOKEN,
      port: env.METRICS_PORT,
    },
    dataDir,
    storageDir: path.join(dataDir, 'storage'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    /** A development fallback keeps `npm run demo` zero-configuration; production refuses to start without one. */
    appSecret: env.APP_SECRET ?? DEVELOPMENT_APP_SECRET,
    tokenTtlSeconds: env.TOKEN_TTL_HOURS * 3600,
    holdTtlSeconds: env.HOLD_TTL_SECONDS,
    holdExtendSeconds: env.HOLD_EXTEND_SECONDS ?? env.HOLD_TTL_SECONDS,
    refundCutoffMinutes: env.REFUND_CUTOFF_MINUTES,
    doorOpensMinutes: env.DOOR_OPENS_MINUTES,
    jobLockSeconds: env.JOB_LOCK_SECONDS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    eais: {
      url: env.EAIS_URL,
      login: env.EAIS_LOGIN,
      password: env.EAIS_PASSWORD,
      cinemaId: env.EAIS_CINEMA_ID,
      intervalMs: env.EAIS_INTERVAL_SECONDS * 1000,
      dir: path.join(dataDir, 'eais'),
    },
    fiscal: {
      /** Unset outside production: the process starts the register emulator (emulators/atol/embedded). */
      atolUrl: env.ATOL_URL?.replace(/\/+$/, ''),
      timeoutMs: Math.round(env.ATOL_TIMEOUT_SECONDS * 1000),
      pollMs: env.ATOL_POLL_MS,
      ticketVat: env.FISCAL_TICKET_VAT,
      ticketPaymentMethod: env.FISCAL_TICKET_PAYMENT_METHOD,
    },
    serveWeb: env.SERVE_WEB ?? env.NODE_ENV !== 'test',
    webDist: path.resolve(env.WEB_DIST),
    chromiumPath: env.CHROMIUM_PATH,
    paymentTimeoutMs: env.PAYMENT_TIMEOUT_MINUTES * 60_000,
    yookassa: {
      apiUrl: env.YOOKASSA_API_URL.replace(/\/+$/, ''),
      /** Unset outside production: the process starts the local emulator (payments/emulator). */
      shopId: env.YOOKASSA_SHOP_ID,
      secretKey: env.YOOKASSA_SECRET_KEY,
      vatCode: env.YOOKASSA_VAT_CODE,
      paymentMode: env.YOOKASSA_PAYMENT_MODE,
      notificationSources: env.YOOKASSA_NOTIFICATION_SOURCES,
      timeoutMs: Math.round(env.YOOKASSA_TIMEOUT_SECONDS * 1000),
    },
    pushkin: {
      /**
       * The cinema accepts the Pushkin card: always outside production (the emulator stands in for the registry),
       * in production only with PUSHKA_API_URL. Off: no Pushkin payment is taken and no session is offered one.
       */
      enabled: env.NODE_ENV !== 'production' || env.PUSHKA_API_URL !== undefined,
      /** Unset outside production: the process starts the registry emulator (emulators/pushka/embedded). */
      registryUrl: env.PUSHKA_API_URL?.replace(/\/+$/, ''),
      apiKey: env.PUSHKA_API_KEY,
      organizationId: env.PUSHKA_ORGANIZATION_ID,
      timeoutMs: Math.round(env.PUSHKA_TIMEOUT_SECONDS * 1000),
      procultureUrl: env.PROCULTURE_API_URL.replace(/\/+$/, ''),
      procultureKey: env.PROCULTURE_API_KEY,
      /** The second YooKassa shop. */
      yookassaApiUrl: (env.PUSHKIN_YOOKASSA_API_URL ?? env.YOOKASSA_API_URL).replace(/\/+$/, ''),
      shopId: env.PUSHKIN_YOOKASSA_SHOP_ID,
      secretKey: env.PUSHKIN_YOOKASSA_SECRET_KEY,
      terminalOwnerInn: env.PUSHKIN_TERMINAL_OWNER_INN,
      onlineTerminalOwnerInn: env.PUSHKIN_ONLINE_TERMINAL_OWNER_INN,
    },
    kinopoisk: {
      apiUrl: env.KINOPOISK_API_URL,
      apiKey: env.KINOPOISK_API_KEY,
      timeoutMs: Math.round(env.KINOPOISK_TIMEOUT_SECONDS * 1000),
    },
    oauth: { yandex: oauthProvider(env, 'YANDEX'), google: oauthProvider(env, 'GOOGLE'), vk: oauthProvider(env, 'VK') },
  };
}

/** Parses the environment once at start-up; throws ConfigError listing every bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(result.data);
}
