import { AppError } from '../lib/http/errors';

/** The AppError the operation was refused with; fails the test when it succeeded or failed otherwise. */
export async function refusal(operation: Promise<unknown>): Promise<AppError> {
  try {
    await operation;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('the operation succeeded; a refusal was expected');
}
