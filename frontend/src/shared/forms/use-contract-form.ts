/**
 * A form bound to the contract: its values are checked on submit by the same zod schema the server
 * parses with (the same Russian messages, before any request), then sent through the endpoint's
 * mutation; the server's field errors land beside the same fields. A form is its schema, its
 * initial values and its fields: `<TextField label="Имя" {...form.field('fio')} />`.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { ApiError } from '../api/client';
import { formErrors } from '../api/form-errors';

/** The props a field component takes from the binding. */
export interface BoundField {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string;
}

/** What the fields hold: the schema's input, any of it still empty. */
type Values<S extends z.ZodType> = { [K in keyof z.input<S>]: z.input<S>[K] | undefined };

export interface ContractFormOptions<S extends z.ZodType, R, I> {
  /** The contract's schema of what the form sends (a body schema, or one extended for the form). */
  schema: S;
  initial: Values<S>;
  /** The endpoint's mutation (useApiMutation). */
  mutation: UseMutationResult<R, ApiError, I>;
  /**
   * The mutation's input from the values the schema accepted, e.g. `(body) => ({ body })`; `raw` are
   * the fields as typed (a multipart form sends those: `(_, raw) => ({ body: formDataOf(raw) })`).
   */
  toInput: (values: z.output<S>, raw: Values<S>) => I;
  onSuccess?: (result: R, values: z.output<S>) => void;
  /**
   * What the schema cannot see (a chosen file): field → message, checked on submit together with the
   * schema, so every complaint shows at once.
   */
  check?: () => Record<string, string>;
  /** Empty the fields after a success (a review), rather than keep them (a profile). */
  resetOnSuccess?: boolean;
}

/** Field path → the first message, as the server reports them (`details.fields`). */
function issuesByField(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}

export function useContractForm<S extends z.ZodType, R, I>({
  schema,
  initial,
  mutation,
  toInput,
  onSuccess,
  check,
  resetOnSuccess = false,
}: ContractFormOptions<S, R, I>) {
  const [values, setValues] = useState<Values<S>>(initial);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const server = formErrors(mutation.error);
  const errors: Record<string, string> = { ...server.fields, ...checked };
  // What is not about one field goes on top (a failed connection, a conflict, a limit).
  const message = server.message ?? checked._;

  /** A corrected field loses its old complaint at once. */
  const forget = (name: string) => setChecked(({ [name]: _fixed, ...rest }) => rest);
  const set = <K extends keyof Values<S>>(name: K, value: Values<S>[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    forget(name as string);
  };

  const field = <K extends keyof Values<S> & string>(
    name: K,
    convert: (text: string) => Values<S>[K] = (text) => text as Values<S>[K],
  ): BoundField => ({
    name,
    value: values[name] === null || values[name] === undefined ? '' : String(values[name]),
    onChange: (event) => set(name, convert(event.target.value)),
    error: errors[name],
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = schema.safeParse(values);
    const others = check?.() ?? {};
    if (!parsed.success || Object.keys(others).length > 0) {
      return setChecked({ ...(parsed.success ? {} : issuesByField(parsed.error)), ...others });
    }
    setChecked({});
    mutation.mutate(toInput(parsed.data, values), {
      onSuccess: (result) => {
        if (resetOnSuccess) setValues(initial);
        onSuccess?.(result, parsed.data);
      },
    });
  };

  return {
    values,
    set,
    forget,
    field,
    errors,
    message,
    submit,
    saving: mutation.isPending,
    succeeded: mutation.isSuccess && !mutation.isPending,
    reset: () => {
      setValues(initial);
      setChecked({});
      mutation.reset();
    },
  };
}

export type ContractForm = ReturnType<typeof useContractForm>;
