/** The ЕАИС benchmark's configuration, one for the runner and its workers process (eais.ts, eais-workers.ts). */
export const BENCH_EAIS_AUTH = { login: 'kino-bench', password: 'bench-password', orgId: '2271' };

/** Kino's environment for the run, from the BENCH_* variables the runner sets. */
export function benchEaisEnv(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    DATA_DIR: env.BENCH_DATA_DIR,
    REDIS_URL: env.BENCH_REDIS_URL,
    REDIS_PREFIX: env.BENCH_REDIS_PREFIX,
    EAIS_URL: env.BENCH_EAIS_URL,
    EAIS_LOGIN: BENCH_EAIS_AUTH.login,
    EAIS_PASSWORD: BENCH_EAIS_AUTH.password,
    EAIS_CINEMA_ID: BENCH_EAIS_AUTH.orgId,
    EAIS_INTERVAL_SECONDS: env.BENCH_EAIS_INTERVAL,
  };
}
