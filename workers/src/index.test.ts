import { describe, expect, it } from 'vitest';
import { defineJob } from './define-job';
import { handlerMap, HANDLERS } from './index';

describe('the workers process job table', () => {
  it('has exactly one handler for every job of the contract', () => {
    expect(() => handlerMap(HANDLERS)).not.toThrow();
  });

  it('refuses to start when a job has no handler', () => {
    expect(() => handlerMap([])).toThrow(/No handler for job\(s\): mail\.send/);
  });

  it('refuses to start when a job has two handlers', () => {
    const twin = defineJob('mail.send', async () => undefined);
    expect(() => handlerMap([...HANDLERS, twin])).toThrow(/more than one handler/);
  });
});
