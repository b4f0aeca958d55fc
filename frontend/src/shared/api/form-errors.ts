import { ApiError } from './client';

/** A failed call as a form shows it: messages beside the fields named by the server, the rest on top. */
export function formErrors(error: unknown): { fields: Record<string, string>; message?: string } {
  if (!error) return { fields: {} };
  if (error instanceof ApiError) {
    const fields = error.fields;
    return {
      fields,
      message: Object.keys(fields).length > 0 && error.code === 'invalid_input' ? undefined : error.message,
    };
  }
  return { fields: {}, message: 'Что-то пошло не так. Попробуйте позже' };
}
