/** What the global setup hands every test file (vitest `provide` / `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
    /** PGlite: path of the template dump. PostgreSQL: name of the template database. */
    dbTemplate: string;
    databaseUrl: string | undefined;
  }
}

export {};
