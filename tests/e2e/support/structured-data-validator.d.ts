/** Types of @adobe/structured-data-validator (JavaScript only), as far as the tests use it. */
declare module '@adobe/structured-data-validator' {
  export interface Issue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    rootType: string;
    fieldNames?: string[];
    path?: { type?: string; property?: string; index?: number }[];
  }
  type Condition = (data: unknown) => unknown;
  type Handler = () => Promise<{ default: unknown }>;
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    registeredHandlers: Record<string, Handler[]>;
    validate(extracted: { jsonld: Record<string, object[]> }): Promise<Issue[]>;
  }
  export class BaseValidator {
    constructor(config: unknown);
    path: { type?: string; property?: string }[];
    getConditions(data?: unknown): Condition[];
    required(name: string, type?: string, ...opts: unknown[]): Condition;
    recommended(name: string, type?: string, ...opts: unknown[]): Condition;
    or(...conditions: Condition[]): Condition;
  }
}

declare module '@adobe/structured-data-validator/src/types/base.js' {
  export { BaseValidator as default } from '@adobe/structured-data-validator';
}
